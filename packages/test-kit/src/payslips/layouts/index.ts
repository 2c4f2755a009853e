/** Every layout the generator writes, by name. */
import { bilingualLayout } from './bilingual.js';
import { englishDivsLayout } from './english-divs.js';
import type { SlipLayout } from './layout.js';
import { marathiLayout } from './marathi.js';
import { tableLayout } from './table.js';
import { textLayout } from './text.js';

export const SLIP_LAYOUTS = {
  table: tableLayout,
  bilingual: bilingualLayout,
  text: textLayout,
  marathi: marathiLayout,
  'english-divs': englishDivsLayout,
} as const satisfies Record<string, SlipLayout>;

export type SlipLayoutName = keyof typeof SLIP_LAYOUTS;

export const SLIP_LAYOUT_NAMES = Object.keys(SLIP_LAYOUTS) as SlipLayoutName[];

export const isSlipLayoutName = (name: string): name is SlipLayoutName => Object.hasOwn(SLIP_LAYOUTS, name);

export type { SalaryMonth, SlipLayout, SlipSubject } from './layout.js';

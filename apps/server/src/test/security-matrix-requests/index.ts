import type { Library } from '@srpf/shared';
import { PLATFORM_FIXTURES } from './platform.js';
import { PAYSLIPS_FIXTURES } from './payslips.js';
import { USERS_FIXTURES } from './users.js';
import { APPOINTMENTS_FIXTURES } from './appointments.js';
import { ORGANISATION_FIXTURES } from './organisation.js';
import { FORMS_FIXTURES } from './forms.js';
import { LIBRARIES_FIXTURES } from './libraries.js';
import { MESSAGING_SEND_FIXTURES } from './messaging-send.js';
import { MESSAGING_FIXTURES } from './messaging.js';
import { CAMPAIGNS_FIXTURES } from './campaigns.js';
import { NUMBERS_FIXTURES } from './numbers.js';
import type { Fixture } from './fixture.js';

export type { CellContext, Fixture, Prepared } from './fixture.js';

/**
 * The permission matrix's fixture map: for each route (and variant) of docs/security-matrix.json, a
 * valid request on a fresh record of the cell's kind, so that an allowed actor gets 200/201 and a
 * refused one the refusal the matrix expects. One file per area.
 */
const FIXTURES: Record<string, Fixture> = {
  ...PLATFORM_FIXTURES,
  ...PAYSLIPS_FIXTURES,
  ...USERS_FIXTURES,
  ...APPOINTMENTS_FIXTURES,
  ...ORGANISATION_FIXTURES,
  ...FORMS_FIXTURES,
  ...LIBRARIES_FIXTURES,
  ...MESSAGING_SEND_FIXTURES,
  ...MESSAGING_FIXTURES,
  ...CAMPAIGNS_FIXTURES,
  ...NUMBERS_FIXTURES,
};

const LIBRARY_PATH = /^(\w+) \/api\/(orders|circulars|government-decisions)(\/.*)?$/;

/** The fixture of a matrix key, and the library it is in (orders for routes outside the libraries). */
export function fixtureOf(key: string): { fixture: Fixture | undefined; library: Library } {
  if (FIXTURES[key]) return { fixture: FIXTURES[key], library: 'orders' };
  const match = LIBRARY_PATH.exec(key);
  if (!match) return { fixture: undefined, library: 'orders' };
  return { fixture: FIXTURES[`${match[1]} /api/{library}${match[3] ?? ''}`], library: match[2] as Library };
}

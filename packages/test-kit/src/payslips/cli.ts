/**
 * `npx tsx packages/test-kit/src/payslips/cli.ts OUT_DIR COUNT [LAYOUTS] [MONTH]`, e.g.
 * `… ./out 50 table,bilingual,text,marathi,english-divs 2026-10`: writes COUNT invented slips,
 * users.csv and expected.json to OUT_DIR (defaults: ./out, 20, table,bilingual, 2026-10).
 */
import { DEFAULT_SLIP_LAYOUTS, DEFAULT_SLIP_MONTH, generateSlipFiles } from './generate.js';
import { isSlipLayoutName, SLIP_LAYOUT_NAMES } from './layouts/index.js';
import { writeSlipFiles } from './write.js';

const [outDir = './out', countText = '20', layoutsText = DEFAULT_SLIP_LAYOUTS.join(','), month = DEFAULT_SLIP_MONTH] =
  process.argv.slice(2);
const layoutNames = layoutsText.split(',');
const layouts = layoutNames.filter(isSlipLayoutName);
if (layouts.length !== layoutNames.length) {
  console.error(`Unknown layout in "${layoutsText}"; known: ${SLIP_LAYOUT_NAMES.join(', ')}.`);
  process.exit(2);
}
const count = Number(countText);
writeSlipFiles(outDir, generateSlipFiles({ count, layouts, month }));
console.log(`wrote ${count} payslips (${layouts.join(', ')}) for ${month}, users.csv and expected.json to ${outDir}`);

/** Invented salary slips for tests and benches: generated in memory, or written to a folder. */
export {
  DEFAULT_SLIP_LAYOUTS,
  DEFAULT_SLIP_MONTH,
  generateSlipFiles,
  SLIP_COUNT_MAX,
  USERS_CSV_HEADER,
  type ExpectedSlipReading,
  type GeneratedSlipFiles,
  type SlipFile,
  type SlipGeneratorOptions,
  type SlipStaff,
} from './generate.js';
export { SLIP_LAYOUT_NAMES, type SlipLayoutName } from './layouts/index.js';
export { writeSlipFiles, type WrittenSlipFiles } from './write.js';

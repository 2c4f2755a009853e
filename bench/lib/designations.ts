/** The designations the benches' people hold: name and code. */
export const BENCH_DESIGNATIONS = [
  ['Police Constable', 'PC'],
  ['Police Naik', 'PN'],
  ['Head Constable', 'HC'],
  ['Assistant Sub-Inspector', 'ASI'],
  ['Police Sub-Inspector', 'PSI'],
  ['Clerk', 'CLERK'],
  ['Officer', 'OFFICER'],
] as const;

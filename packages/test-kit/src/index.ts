/** The test kit: what tests, browser tests and benches share (never imported by production code). */
export {};

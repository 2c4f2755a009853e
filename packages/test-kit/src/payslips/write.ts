/** Writes generated slips to a folder as people and benches use them: the HTML files, users.csv and expected.json. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GeneratedSlipFiles } from './generate.js';

export interface WrittenSlipFiles {
  readonly folder: string;
  /** The slips' paths, in the order generated. */
  readonly slipPaths: readonly string[];
  readonly usersCsvPath: string;
  readonly expectedJsonPath: string;
}

export function writeSlipFiles(folder: string, generated: GeneratedSlipFiles): WrittenSlipFiles {
  mkdirSync(folder, { recursive: true });
  const slipPaths = generated.files.map((file) => {
    const slipPath = path.join(folder, file.name);
    writeFileSync(slipPath, file.html);
    return slipPath;
  });
  const usersCsvPath = path.join(folder, 'users.csv');
  const expectedJsonPath = path.join(folder, 'expected.json');
  writeFileSync(usersCsvPath, generated.usersCsv);
  writeFileSync(expectedJsonPath, generated.expectedJson);
  return { folder, slipPaths, usersCsvPath, expectedJsonPath };
}

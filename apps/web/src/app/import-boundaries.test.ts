import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Each relative import of the files under `folder`, as a path from src/ ("features/users/api/get-users"). */
function imports(folder: string): { file: string; target: string }[] {
  return sourceFiles(join(SRC, folder)).flatMap((path) =>
    [...readFileSync(path, 'utf8').matchAll(IMPORT)].map((match) => ({
      file: relative(SRC, path).split(sep).join('/'),
      target: relative(SRC, resolve(dirname(path), match[1] ?? ''))
        .split(sep)
        .join('/'),
    })),
  );
}

// STYLE.md (from bulletproof-react): app/ composes features; features do not import each other or
// the app, and shared code (api/, components/, lib/) imports neither.
describe('import boundaries', () => {
  it('keeps each feature to itself and shared code', () => {
    const crossings = imports('features').filter(
      ({ file, target }) => target.startsWith('features/') && target.split('/')[1] !== file.split('/')[1],
    );
    expect(crossings).toEqual([]);
  });

  it('keeps features out of the app', () => {
    const crossings = imports('features').filter(({ target }) => target.startsWith('app/'));
    expect(crossings).toEqual([]);
  });

  it('keeps shared code free of features and of the app', () => {
    const crossings = [...imports('api'), ...imports('components'), ...imports('lib')].filter(
      ({ target }) => target.startsWith('features/') || target.startsWith('app/'),
    );
    expect(crossings).toEqual([]);
  });
});

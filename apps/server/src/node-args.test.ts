import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const nodeArgs = (JSON.parse(readFileSync(path.join(root, 'apps/server/node-args.json'), 'utf8')) as { args: string[] })
  .args;
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const scripts = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

describe("the server process's node options (apps/server/node-args.json)", () => {
  it('keep V8 to one background thread', () => {
    expect(nodeArgs).toContain('--v8-pool-size=1');
  });

  it.each([
    ['start', 'apps/server/dist/main.js'],
    ['worker', 'apps/server/dist/worker.js'],
  ])('are what `npm run %s` passes to node, and what the README tells a service manager', (script, entry) => {
    expect(scripts[script]).toContain(`node ${nodeArgs.join(' ')} ${entry}`);
    expect(readme).toContain(`\`node ${nodeArgs.join(' ')} ${entry}\``);
  });
});

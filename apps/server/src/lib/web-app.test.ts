import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { readScriptHashes } from './web-app.js';

const FIRST_PAINT = "document.documentElement.lang='en'";
const PICKER = "document.getElementById('root').dataset.x=''";
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const INDEX = `<!doctype html><head><script>${FIRST_PAINT}</script></head><body><div id="root"></div></body>`;
const LOGIN = `<!doctype html><head><script>${FIRST_PAINT}</script></head><body><div id="root" data-prerendered></div><template data-language="en"><h2 id="login-title">Sign in</h2></template><script>${PICKER}</script></body>`;

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'srpf-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  for (const [name, content] of [
    ['index.html', INDEX],
    ['login.html', LOGIN],
  ] as const) {
    writeFileSync(path.join(webDist, name), content);
    writeFileSync(path.join(webDist, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(webDist, `${name}.gz`), gzipSync(content));
  }
  writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  writeFileSync(
    path.join(webDist, 'script-hashes.json'),
    JSON.stringify({ scriptSrc: [sha256(FIRST_PAINT), sha256(PICKER)] }),
  );
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('serves the pre-rendered sign-in page at /login and /srpf-login, and the shell elsewhere', async () => {
    for (const url of ['/login', '/srpf-login', '/login?next=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(LOGIN);
    }
    for (const url of ['/', '/dashboard', '/login/extra', '/privacy-policy']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
    }
  });

  it('keeps the pages out of the API document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(document.paths).length).toBeGreaterThan(10);
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('allows exactly the inline scripts the build listed, by their hash, and no other', async () => {
    const policy = String((await t.app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy']);
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1]?.split(' ');
    expect(scriptSrc).toEqual(["'self'", sha256(FIRST_PAINT), sha256(PICKER)]);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('sends the compressed copy a browser accepts, and says the answer varies with it', async () => {
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(LOGIN);
    const gzip = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    // No compressed copy of this asset: sent as it is.
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['content-encoding']).toBeUndefined();
    expect(asset.body).toBe('console.log(1)');
  });

  it('refuses a hash list that is not one', () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'srpf-web-'));
    try {
      expect(readScriptHashes(folder)).toEqual([]);
      expect(readScriptHashes(undefined)).toEqual([]);
      writeFileSync(path.join(folder, 'script-hashes.json'), JSON.stringify({ scriptSrc: ["'unsafe-inline'"] }));
      expect(() => readScriptHashes(folder)).toThrow(/sha256/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('sends the shell for /login when the build left no script hashes (the pre-rendered page could not come alive)', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'srpf-web-'));
    writeFileSync(path.join(folder, 'index.html'), INDEX);
    writeFileSync(path.join(folder, 'login.html'), LOGIN);
    const bare = await createTestApp({ webDist: folder });
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/login' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX);
    } finally {
      await bare.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

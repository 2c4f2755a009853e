import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, accessTokenTtl: 900, refreshTokenTtl: 30 * 86_400 });
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.apiRateLimit).toBe(600);
  });

  it('reads the API rate limit and refuses a limit below one', () => {
    expect(loadConfig({ API_RATE_LIMIT: '5000' }).apiRateLimit).toBe(5000);
    expect(() => loadConfig({ API_RATE_LIMIT: '0' })).toThrow(/API_RATE_LIMIT/);
    expect(() => loadConfig({ API_RATE_LIMIT: 'many' })).toThrow(/API_RATE_LIMIT/);
  });

  it('reads durations in seconds, minutes, hours and days', () => {
    expect(loadConfig({ ACCESS_TOKEN_TTL: '20s', REFRESH_TOKEN_TTL: '7d' })).toMatchObject({ accessTokenTtl: 20, refreshTokenTtl: 604_800 });
    expect(loadConfig({ ACCESS_TOKEN_TTL: '15m' }).accessTokenTtl).toBe(900);
  });

  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ ACCESS_TOKEN_TTL: 'soon' })).toThrow(/ACCESS_TOKEN_TTL/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'admin@srpf.test' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('works jobs in the server unless a worker beside it on PostgreSQL does', () => {
    expect(loadConfig({}).runJobs).toBe(true);
    expect(loadConfig({ RUN_JOBS: 'false', DATABASE_URL: 'postgres://db/srpf' }).runJobs).toBe(false);
    // On the embedded database no worker can open it: jobs would never run.
    expect(() => loadConfig({ RUN_JOBS: 'false' })).toThrow(/RUN_JOBS.*DATABASE_URL/);
  });
});

describe('empty variables', () => {
  it('reads an empty value as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });
});

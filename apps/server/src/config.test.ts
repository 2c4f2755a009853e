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

  it('sends WhatsApp to the outbox unless told otherwise, and a cloud start names each missing setting', () => {
    expect(loadConfig({}).whatsapp).toMatchObject({ provider: 'outbox', messagesPerSecond: 80, dailyRecipients: 250 });
    const cloud = {
      WHATSAPP_PROVIDER: 'cloud',
      WHATSAPP_PHONE_NUMBER_ID: '1234567890',
      WHATSAPP_ACCESS_TOKEN: 'token',
      WHATSAPP_APP_SECRET: 'secret',
      WHATSAPP_VERIFY_TOKEN: 'verify',
      WHATSAPP_PAYSLIP_TEMPLATE: 'salary_slip',
      WHATSAPP_AUTH_TEMPLATE: 'sign_in_code',
    };
    expect(loadConfig({ ...cloud, WHATSAPP_GRAPH_URL: 'http://127.0.0.1:4000/' }).whatsapp).toMatchObject({
      provider: 'cloud',
      graphUrl: 'http://127.0.0.1:4000',
      graphVersion: 'v23.0',
      phoneNumberId: '1234567890',
    });
    const { WHATSAPP_APP_SECRET: _secret, WHATSAPP_AUTH_TEMPLATE: _template, ...incomplete } = cloud;
    expect(() => loadConfig(incomplete)).toThrow(ConfigError);
    expect(() => loadConfig(incomplete)).toThrow(/WHATSAPP_APP_SECRET.*\n.*WHATSAPP_AUTH_TEMPLATE/);
    expect(() => loadConfig({ WHATSAPP_GRAPH_VERSION: '23' })).toThrow(/WHATSAPP_GRAPH_VERSION/);
  });

  it('reads the API rate limit and refuses a limit below one', () => {
    expect(loadConfig({ API_RATE_LIMIT: '5000' }).apiRateLimit).toBe(5000);
    expect(() => loadConfig({ API_RATE_LIMIT: '0' })).toThrow(/API_RATE_LIMIT/);
    expect(() => loadConfig({ API_RATE_LIMIT: 'many' })).toThrow(/API_RATE_LIMIT/);
  });

  it('reads PostgreSQL settings for the embedded database as name=value pairs, and refuses anything else', () => {
    expect(loadConfig({}).pgliteSettings).toEqual([]);
    expect(loadConfig({ PGLITE_SETTINGS: 'shared_buffers=64MB, work_mem=8MB' }).pgliteSettings).toEqual([
      'shared_buffers=64MB',
      'work_mem=8MB',
    ]);
    expect(() => loadConfig({ PGLITE_SETTINGS: 'shared_buffers=64MB;drop' })).toThrow(/PGLITE_SETTINGS/);
    expect(() => loadConfig({ PGLITE_SETTINGS: 'shared_buffers' })).toThrow(/PGLITE_SETTINGS/);
  });

  it('reads durations in seconds, minutes, hours and days', () => {
    expect(loadConfig({ ACCESS_TOKEN_TTL: '20s', REFRESH_TOKEN_TTL: '7d' })).toMatchObject({
      accessTokenTtl: 20,
      refreshTokenTtl: 604_800,
    });
    expect(loadConfig({ ACCESS_TOKEN_TTL: '15m' }).accessTokenTtl).toBe(900);
  });

  it('refuses an access token lifetime over 1 hour at start, with a message', () => {
    expect(loadConfig({ ACCESS_TOKEN_TTL: '1h' }).accessTokenTtl).toBe(3600);
    expect(loadConfig({ ACCESS_TOKEN_TTL: '3600' }).accessTokenTtl).toBe(3600);
    for (const value of ['3601', '61m', '2h', '30d']) {
      expect(() => loadConfig({ ACCESS_TOKEN_TTL: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ACCESS_TOKEN_TTL: value })).toThrow(/ACCESS_TOKEN_TTL: must be at most 1 hour/);
    }
  });

  it('ends a session 12 hours after its sign-in unless SESSION_MAX_AGE says otherwise', () => {
    expect(loadConfig({}).sessionMaxAge).toBe(12 * 3600);
    expect(loadConfig({ SESSION_MAX_AGE: '8h' }).sessionMaxAge).toBe(8 * 3600);
    expect(() => loadConfig({ SESSION_MAX_AGE: '0' })).toThrow(/SESSION_MAX_AGE/);
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

describe('the metrics settings', () => {
  it('open the metrics to nobody by default', () => {
    expect(loadConfig({}).metrics).toEqual({ allow: [] });
  });

  it('take a long token, allowed addresses and CIDRs, and the worker’s port', () => {
    expect(
      loadConfig({
        METRICS_TOKEN: 'a'.repeat(32),
        METRICS_ALLOW: '127.0.0.1, 10.20.0.0/24,::1',
        METRICS_PORT: '9464',
      }).metrics,
    ).toEqual({ token: 'a'.repeat(32), allow: ['127.0.0.1', '10.20.0.0/24', '::1'], port: 9464 });
  });

  it('refuse a short token, a name or a bad CIDR, naming the variable', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
    expect(() => loadConfig({ METRICS_ALLOW: 'loopback' })).toThrow(/METRICS_ALLOW: not an address or CIDR: loopback/);
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/33' })).toThrow(/METRICS_ALLOW: not an address or CIDR/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts nobody by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('refuses a bare true, naming the safe forms', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true is refused; use the number of proxies .* addresses or CIDRs .*or false/,
    );
  });

  it('takes a hop count of at least one', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: '0' })).toThrow(/TRUST_PROXY: 0 is refused/);
  });

  it('takes the proxies’ addresses and CIDRs, and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.0.1.0/24',
      '::1',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.5,proxy.local' })).toThrow(
      /TRUST_PROXY: not an address or CIDR: proxy\.local/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not an address or CIDR: 10\.0\.0\.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});

describe('API_DOCS', () => {
  it('is public in development and tests, for administrators only otherwise unless API_DOCS=public', () => {
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ production: false, apiDocs: 'public' });
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ production: false, apiDocs: 'public' });
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ production: true, apiDocs: 'admins' });
    // A built server started without NODE_ENV is treated as production.
    expect(loadConfig({})).toMatchObject({ production: true, apiDocs: 'admins' });
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'public' }).apiDocs).toBe('public');
    expect(() => loadConfig({ API_DOCS: 'everyone' })).toThrow(/API_DOCS/);
  });
});

import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, configWarnings, loadConfig, parseConfig } from './config.ts';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('config', () => {
  it('has working defaults with nothing set', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: resolve('./data'),
      database: { kind: 'sqlite', file: join(resolve('./data'), 'bulkhead.db') },
      jwtSecret: null,
      publicUrl: null,
      secure: false,
      admin: null,
      stripe: null,
      seedDemo: true,
      authRateLimit: 10,
      trustProxy: false,
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    const config = parseConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/bulk',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      JWT_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://shop.example.com',
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'secret-1',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT: '3',
      LOG_LEVEL: 'DEBUG',
      TRUST_PROXY: 'true',
      CATALOGUE_CACHE_MB: '0',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/bulk',
      database: { kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/test' },
      jwtSecret: 'x'.repeat(32),
      secure: true,
      admin: { email: 'boss@example.com', password: 'secret-1' },
      stripe: { secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: 'whsec_1' },
      seedDemo: false,
      authRateLimit: 3,
      logLevel: 'debug',
      trustProxy: true,
      catalogueCacheBytes: 0,
    });
    expect(config.publicUrl?.origin).toBe('https://shop.example.com');
  });

  it('warns when PostgreSQL runs without a shared JWT_SECRET, and only then', () => {
    const postgres = 'postgres://postgres@127.0.0.1:5432/test';
    expect(configWarnings(parseConfig({ DATABASE_URL: postgres }))).toEqual([expect.stringContaining('JWT_SECRET is not set')]);
    expect(configWarnings(parseConfig({ DATABASE_URL: postgres, JWT_SECRET: 'x'.repeat(32) }))).toEqual([]);
    expect(configWarnings(parseConfig({}))).toEqual([]);
  });

  it('seeds demo data by default on the embedded SQLite only, unless told otherwise', () => {
    expect(parseConfig({}).seedDemo).toBe(true);
    expect(parseConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }).seedDemo).toBe(false);
    expect(parseConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(parseConfig({ SEED_DEMO: 'no' }).seedDemo).toBe(false);
  });

  it('defaults mail, Google and images to the zero-setup adapters, with links to localhost:PORT', () => {
    expect(parseConfig({ PORT: '4000' })).toMatchObject({
      appUrl: 'http://localhost:4000',
      smtpUrl: null,
      mailFrom: 'Bulkhead <no-reply@localhost>',
      google: null,
      imageHost: null,
    });
  });

  it('reads the mail, Google and image host variables; PUBLIC_URL becomes the link address', () => {
    expect(
      parseConfig({
        PUBLIC_URL: 'https://shop.example.com/',
        SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
        MAIL_FROM: 'Shop <shop@example.com>',
        GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'gsecret',
        IMAGE_HOST_KEY: 'imgkey',
        IMAGE_HOST_ENDPOINT: 'http://127.0.0.1:9999/1/upload',
      }),
    ).toMatchObject({
      appUrl: 'https://shop.example.com',
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      mailFrom: 'Shop <shop@example.com>',
      google: { clientId: 'client.apps.googleusercontent.com', clientSecret: 'gsecret' },
      imageHost: { key: 'imgkey', endpoint: 'http://127.0.0.1:9999/1/upload' },
    });
  });

  it('names the shop on its papers with demo defaults, its contact address taken from MAIL_FROM', () => {
    expect(parseConfig({}).shop).toEqual({
      name: 'Bulkhead Supply Co.',
      addressLines: ['100 Dock Street', 'Portland, OR 97209', 'United States'],
      taxId: null,
      email: 'no-reply@localhost',
      // No SHOP_EMAIL: notifications go to every admin (docs/email.md, "Notifications to the shop").
      notifyTo: null,
    });
    expect(parseConfig({ MAIL_FROM: 'Shop <shop@example.com>' }).shop.email).toBe('shop@example.com');
    expect(
      parseConfig({
        SHOP_NAME: 'Acme Fasteners Ltd',
        SHOP_ADDRESS: '1 Quay Road\\nLeeds LS1 4AB\n United Kingdom',
        SHOP_TAX_ID: 'GB 123 4567 89',
        SHOP_EMAIL: 'orders@acme.example',
        MAIL_FROM: 'Shop <shop@example.com>',
      }).shop,
    ).toEqual({
      name: 'Acme Fasteners Ltd',
      addressLines: ['1 Quay Road', 'Leeds LS1 4AB', 'United Kingdom'],
      taxId: 'GB 123 4567 89',
      email: 'orders@acme.example',
      notifyTo: 'orders@acme.example',
    });
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '', STRIPE_SECRET_KEY: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ PUBLIC_URL: 'shop.example.com' }, 'PUBLIC_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ AUTH_RATE_LIMIT: '0' }, 'AUTH_RATE_LIMIT'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ CATALOGUE_CACHE_MB: '-1' }, 'CATALOGUE_CACHE_MB'],
    [{ ADMIN_EMAIL: 'boss@example.com' }, 'ADMIN_PASSWORD'],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM'],
    [{ SHOP_EMAIL: 'orders at example.com' }, 'SHOP_EMAIL'],
    [{ SHOP_NAME: 'x'.repeat(101) }, 'SHOP_NAME'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'GOOGLE_CLIENT_SECRET'],
    [{ GOOGLE_CLIENT_SECRET: 'secret-only' }, 'GOOGLE_CLIENT_ID'],
    [{ IMAGE_HOST_ENDPOINT: 'https://img.example.com/upload' }, 'IMAGE_HOST_KEY'],
    [{ IMAGE_HOST_KEY: 'k', IMAGE_HOST_ENDPOINT: 'ftp://x' }, 'IMAGE_HOST_ENDPOINT'],
  ])('names the variable of a bad value: %o', (env, name) => {
    const problems = problemsOf(env);
    expect(problems.join('\n')).toContain(name);
  });

  it('reports every problem of one start at once', () => {
    const problems = problemsOf({ PORT: 'abc', STRIPE_SECRET_KEY: 'sk_test_1', JWT_SECRET: 'short' });
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/JWT_SECRET/);
    expect(problems.join('\n')).toMatch(/STRIPE_WEBHOOK_SECRET/);
  });

  it('lists every variable it reads, for the README and .env.example', () => {
    expect(Object.keys(CONFIG_VARIABLES)).toEqual(
      expect.arrayContaining(['PORT', 'DATABASE_URL', 'JWT_SECRET', 'PUBLIC_URL', 'STRIPE_WEBHOOK_SECRET', 'AUTH_RATE_LIMIT']),
    );
  });

  describe('JWT secret without JWT_SECRET', () => {
    let dir = '';
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('is generated once, kept with mode 600 and reused on the next start', () => {
      dir = mkdtempSync(join(tmpdir(), 'bulkhead-config-'));
      const dataDir = join(dir, 'data');
      const first = loadConfig({ DATA_DIR: dataDir });
      expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
      const file = join(dataDir, 'jwt-secret');
      expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
      expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'y'.repeat(40) }).jwtSecret).toBe('y'.repeat(40));
    });
  });
});

/**
 * All configuration is environment variables, parsed and checked once at start. A bad value
 * stops the start with a message naming the variable. `CONFIG_VARIABLES` declares each variable
 * once; the README's table and `.env.example` are rendered from it.
 */
import { DEFAULT_MAX_UNPAID_ORDERS, DEFAULT_UNPAID_ORDER_TTL_HOURS } from '#domain/ordering/order.ts';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { isEmailAddress, PASSWORD_MIN_LENGTH } from '#domain/identity/credentials-rules.ts';
import type { ShopDetails } from '#domain/shared/shop-details.ts';
import { DEFAULT_CACHE_BYTES } from './response-cache.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  /** Null until `resolveJwtSecret` reads or generates the one kept in DATA_DIR. */
  jwtSecret: string | null;
  publicUrl: URL | null;
  /** The web app's address in e-mailed links: PUBLIC_URL, else http://localhost:PORT. */
  appUrl: string;
  /** Null: e-mails go to the outbox directory DATA_DIR/outbox. */
  smtpUrl: string | null;
  /** Null: the rate-limit counters live in PostgreSQL (with DATABASE_URL) or in memory. */
  redisUrl: string | null;
  mailFrom: string;
  /** The seller block of invoices and the shop's contact address (SHOP_*). */
  shop: ShopDetails;
  google: GoogleConfig | null;
  /** Null: uploads are kept on local disk in DATA_DIR/uploads. */
  imageHost: { key: string; endpoint: string | null } | null;
  /** True behind HTTPS: Secure cookies and HSTS. */
  secure: boolean;
  admin: { email: string; password: string } | null;
  stripe: StripeConfig | null;
  seedDemo: boolean;
  authRateLimit: number;
  signUpRateLimit: number;
  unpaidOrderTtlHours: number;
  maxUnpaidOrdersPerAccount: number;
  catalogueCacheBytes: number;
  trustProxy: boolean;
  logLevel: LogLevel;
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** An attempts-per-window budget. */
const rateLimitText = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(1_000_000);

const booleanText = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => ['true', 'false', '1', '0', 'yes', 'no', ''].includes(value), 'must be true or false')
  .transform((value) => value === '' || ['true', '1', 'yes'].includes(value));

const webUrlText = (message: string) =>
  optionalText.refine((value) => value === undefined || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)), message);

/**
 * One variable, declared once: its schema parses it, and the README's configuration table and
 * `.env.example` are rendered from the rest (http/config-docs.ts; `npm run docs:config` rewrites
 * both, tests/system/configuration-docs.test.ts fails when they are stale).
 */
export interface ConfigVariable<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** The value used when the variable is unset, as it would be written in the environment. */
  default?: string;
  /** Without a default: what leaving it unset means (Markdown), for the README's Default column. */
  whenUnset?: string;
  /** Without a default: a sample value, written commented out in `.env.example`. */
  example?: string;
  /** One line (Markdown) for the README and, without backticks, `.env.example`. */
  doc: string;
}

const DEFAULT_SHOP_NAME = 'Bulkhead Supply Co.';
const DEFAULT_SHOP_ADDRESS = '100 Dock Street\\nPortland, OR 97209\\nUnited States';

/** `Name <address>` or a bare address: the address. */
const addressOf = (mailbox: string): string => /<([^<>]+)>\s*$/.exec(mailbox)?.[1]?.trim() ?? mailbox.trim();

/** SHOP_ADDRESS's lines: a written `\n` (as in .env files) or a real line break starts a new one. */
const addressLines = (address: string): string[] =>
  address
    .split(/\\n|\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

const variable = <S extends z.ZodType>(declaration: ConfigVariable<S>): ConfigVariable<S> => declaration;

export const CONFIG_VARIABLES = {
  PORT: variable({
    schema: z.coerce.number({ error: 'must be a port number' }).int('must be a whole number').min(0).max(65535, 'must be at most 65535'),
    default: '3000',
    doc: 'HTTP port of the API and the web app',
  }),
  HOST: variable({ schema: z.string().trim().min(1, 'must not be empty'), default: '0.0.0.0', doc: 'Interface to listen on' }),
  DATA_DIR: variable({
    schema: z.string().trim().min(1, 'must not be empty'),
    default: './data',
    doc: 'SQLite file, uploaded images, e-mail outbox and the generated JWT secret',
  }),
  DATABASE_URL: variable({
    schema: optionalText.refine(
      (value) => value === undefined || /^postgres(ql)?:\/\/[^\s]+$/.test(value),
      'must be a postgres:// URL (leave it unset for the SQLite file in DATA_DIR)',
    ),
    whenUnset: 'SQLite file `DATA_DIR/bulkhead.db`',
    example: 'postgres://bulkhead:secret@127.0.0.1:5432/bulkhead',
    doc: '`postgres://user:pass@host:5432/db` selects PostgreSQL',
  }),
  JWT_SECRET: variable({
    schema: optionalText.refine((value) => value === undefined || value.length >= 32, 'must be at least 32 characters long'),
    whenUnset: 'generated once into `DATA_DIR/jwt-secret`',
    example: 'change-me-to-a-long-random-string-of-48-chars',
    doc: 'Session signing secret, at least 32 characters; required and shared when several instances run',
  }),
  PUBLIC_URL: variable({
    schema: webUrlText('must be an http:// or https:// URL such as https://shop.example.com'),
    whenUnset: '`http://localhost:PORT`',
    example: 'https://shop.example.com',
    doc: 'The public origin, e.g. `https://shop.example.com`, used in e-mailed links; `https` turns on Secure cookies and HSTS',
  }),
  ADMIN_EMAIL: variable({
    schema: optionalText.refine((value) => value === undefined || isEmailAddress(value), 'must be an e-mail address'),
    example: 'admin@example.com',
    doc: 'With `ADMIN_PASSWORD`: the first admin, created or promoted at start',
  }),
  ADMIN_PASSWORD: variable({
    schema: optionalText.refine(
      (value) => value === undefined || value.length >= PASSWORD_MIN_LENGTH,
      `must be at least ${PASSWORD_MIN_LENGTH} characters long`,
    ),
    example: 'a-long-admin-password',
    doc: 'With `ADMIN_EMAIL`; used only when the account is created',
  }),
  STRIPE_SECRET_KEY: variable({
    schema: optionalText.refine((value) => value === undefined || /^(sk|rk)_/.test(value), 'must start with sk_ (or rk_)'),
    whenUnset: 'offline test payments',
    example: 'sk_test_...',
    doc: 'With the two below: real Stripe payments',
  }),
  STRIPE_PUBLISHABLE_KEY: variable({
    schema: optionalText.refine((value) => value === undefined || value.startsWith('pk_'), 'must start with pk_'),
    example: 'pk_test_...',
    doc: 'Stripe publishable key (`pk_…`)',
  }),
  STRIPE_WEBHOOK_SECRET: variable({
    schema: optionalText.refine((value) => value === undefined || value.startsWith('whsec_'), 'must start with whsec_'),
    example: 'whsec_...',
    doc: 'Signing secret of the Stripe webhook endpoint (`whsec_…`)',
  }),
  REDIS_URL: variable({
    schema: optionalText.refine(
      (value) => value === undefined || (URL.canParse(value) && /^rediss?:$/.test(new URL(value).protocol)),
      'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379',
    ),
    whenUnset: 'in PostgreSQL when `DATABASE_URL` is set, else in memory',
    example: 'redis://127.0.0.1:6379',
    doc: 'Where the rate-limit counters every instance shares are kept',
  }),
  SMTP_URL: variable({
    schema: optionalText.refine(
      (value) => value === undefined || (URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol)),
      'must be an smtp:// or smtps:// URL such as smtps://user:pass@smtp.example.com:465',
    ),
    whenUnset: 'e-mails go to `DATA_DIR/outbox`',
    example: 'smtps://user:pass@smtp.example.com:465',
    doc: '`smtp://` or `smtps://user:pass@host:port` of the mail server',
  }),
  MAIL_FROM: variable({
    schema: z
      .string()
      .trim()
      .max(200, 'must be at most 200 characters')
      .refine((value) => /^([^<>\r\n]*<)?[^\s@<>]+@[^\s@<>]+>?$/.test(value), 'must be an e-mail address, optionally as Name <address>'),
    default: 'Bulkhead <no-reply@localhost>',
    doc: 'Sender of every e-mail: account links, order confirmations, receipts and shipping notices',
  }),
  SHOP_NAME: variable({
    schema: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
    default: DEFAULT_SHOP_NAME,
    doc: "The shop's legal name, printed as the seller on invoices and packing slips",
  }),
  SHOP_ADDRESS: variable({
    schema: z.string().trim().min(1, 'must not be empty').max(400, 'must be at most 400 characters'),
    default: DEFAULT_SHOP_ADDRESS,
    doc: "The shop's postal address on invoices and packing slips; `\\n` (backslash n) starts a new line",
  }),
  SHOP_TAX_ID: variable({
    schema: optionalText.refine((value) => value === undefined || value.length <= 60, 'must be at most 60 characters'),
    whenUnset: 'no tax line on invoices',
    example: 'US 12-3456789',
    doc: "The shop's VAT or tax number, printed under its address on invoices",
  }),
  SHOP_EMAIL: variable({
    schema: optionalText.refine((value) => value === undefined || isEmailAddress(value), 'must be an e-mail address'),
    whenUnset: "notifications go to every admin's address, and invoices print the address in `MAIL_FROM`",
    example: 'orders@example.com',
    doc: "The shop's contact address: printed on invoices, and where the shop's notification e-mails go",
  }),
  GOOGLE_CLIENT_ID: variable({
    schema: optionalText,
    whenUnset: 'Google sign-in off',
    example: '1234-abc.apps.googleusercontent.com',
    doc: 'With `GOOGLE_CLIENT_SECRET`: Google sign-in; redirect URI `PUBLIC_URL/api/auth/google/callback`',
  }),
  GOOGLE_CLIENT_SECRET: variable({ schema: optionalText, example: '...', doc: 'OAuth client secret of `GOOGLE_CLIENT_ID`' }),
  IMAGE_HOST_KEY: variable({
    schema: optionalText,
    whenUnset: 'uploads kept in `DATA_DIR/uploads`',
    example: '...',
    doc: 'API key of the image host (imgbb): uploads go there instead',
  }),
  IMAGE_HOST_ENDPOINT: variable({
    schema: webUrlText('must be an http:// or https:// URL'),
    whenUnset: '`https://api.imgbb.com/1/upload`',
    example: 'https://api.imgbb.com/1/upload',
    doc: 'Upload endpoint of the image host, with `IMAGE_HOST_KEY`',
  }),
  SEED_DEMO: variable({
    schema: booleanText.optional(),
    whenUnset: '`true` on SQLite, `false` on PostgreSQL',
    example: 'true',
    doc: 'Seed demo products and reviews on the first start (a new SQLite file; on PostgreSQL whenever the catalogue is empty)',
  }),
  AUTH_RATE_LIMIT: variable({
    schema: rateLimitText,
    default: '10',
    doc: 'Refused sign-in/sign-up attempts (wrong password, e-mail taken, bad input) per 15 minutes per IP and per e-mail; successful ones do not count',
  }),
  SIGNUP_RATE_LIMIT: variable({
    schema: rateLimitText,
    default: '100',
    doc: 'Sign-up attempts per hour per IP, successful ones included: a ceiling on mass account creation',
  }),
  UNPAID_ORDER_TTL_HOURS: variable({
    schema: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(24 * 365),
    default: String(DEFAULT_UNPAID_ORDER_TTL_HOURS),
    doc: 'Hours an unpaid order holds its stock; then it expires and the units go back on the shelf (a payment that went through is kept). A company order a manager approved counts them from the approval',
  }),
  MAX_UNPAID_ORDERS_PER_ACCOUNT: variable({
    schema: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(1_000_000),
    default: String(DEFAULT_MAX_UNPAID_ORDERS),
    doc: 'Unpaid orders one account may hold at once; another order waits until one is paid, deleted or expired',
  }),
  CATALOGUE_CACHE_MB: variable({
    schema: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(4_096),
    default: String(DEFAULT_CACHE_BYTES / (1024 * 1024)),
    doc: 'Memory for the serialised catalogue pages each instance keeps (docs/performance.md, "Performance"), in MB; 0 turns the cache off',
  }),
  LOG_LEVEL: variable({
    schema: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(['debug', 'info', 'warn', 'error'], { error: 'must be debug, info, warn or error' })),
    default: 'info',
    doc: 'What the JSON log lines on stdout include: `debug`, `info`, `warn` or `error` (docs/operations.md, "Logs")',
  }),
  TRUST_PROXY: variable({
    schema: booleanText,
    default: 'false',
    doc: '`true` behind one reverse proxy: rate limits use the client address it appends to `X-Forwarded-For`',
  }),
};

export type ConfigVariableName = keyof typeof CONFIG_VARIABLES;

type Declarations = typeof CONFIG_VARIABLES;
const envSchema = z.object(
  Object.fromEntries(Object.entries(CONFIG_VARIABLES).map(([name, declared]) => [name, declared.schema])) as {
    [Name in ConfigVariableName]: Declarations[Name]['schema'];
  },
);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Variables that only make sense together; reported with the others so one start shows every problem. */
const pairingProblems = (present: Record<string, string | undefined>): string[] => {
  const problems: string[] = [];
  const given = (name: string) => present[name] !== undefined && present[name]?.trim() !== '';
  if (given('ADMIN_EMAIL') !== given('ADMIN_PASSWORD')) problems.push('ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither');
  if (given('GOOGLE_CLIENT_ID') !== given('GOOGLE_CLIENT_SECRET')) problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither');
  if (given('IMAGE_HOST_ENDPOINT') && !given('IMAGE_HOST_KEY')) problems.push('IMAGE_HOST_ENDPOINT: needs IMAGE_HOST_KEY');
  const stripeNames = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'];
  const stripeGiven = stripeNames.filter(given);
  if (stripeGiven.length > 0 && stripeGiven.length < stripeNames.length) {
    const missing = stripeNames.filter((name) => !given(name));
    problems.push(`${missing.join(', ')}: set all three Stripe variables or none (${stripeGiven.join(', ')} given)`);
  }
  return problems;
};

/** Pure: reads the given variables (usually process.env) and returns the config or throws. */
export const parseConfig = (env: Record<string, string | undefined>): Config => {
  // Empty strings count as unset, as in most .env files.
  const present = Object.fromEntries(
    Object.keys(CONFIG_VARIABLES).map((name) => [name, env[name]?.trim() === '' ? undefined : env[name]]),
  );
  const problems = pairingProblems(present);
  const withDefaults = Object.fromEntries(
    Object.entries(CONFIG_VARIABLES).map(([name, declared]) => [name, present[name] ?? declared.default]),
  );
  const parsed = envSchema.safeParse(withDefaults);
  if (!parsed.success) {
    problems.unshift(...parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const vars = parsed.data;

  const dataDir = resolve(vars.DATA_DIR);
  const publicUrl = vars.PUBLIC_URL ? new URL(vars.PUBLIC_URL) : null;
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    database: vars.DATABASE_URL
      ? { kind: 'postgres', url: vars.DATABASE_URL }
      : { kind: 'sqlite', file: join(dataDir, 'bulkhead.db') },
    jwtSecret: vars.JWT_SECRET ?? null,
    publicUrl,
    appUrl: publicUrl ? publicUrl.origin + publicUrl.pathname.replace(/\/+$/, '') : `http://localhost:${vars.PORT}`,
    smtpUrl: vars.SMTP_URL ?? null,
    redisUrl: vars.REDIS_URL ?? null,
    mailFrom: vars.MAIL_FROM,
    shop: {
      name: vars.SHOP_NAME,
      addressLines: addressLines(vars.SHOP_ADDRESS),
      taxId: vars.SHOP_TAX_ID ?? null,
      email: vars.SHOP_EMAIL ?? addressOf(vars.MAIL_FROM),
      notifyTo: vars.SHOP_EMAIL ?? null,
    },
    google:
      vars.GOOGLE_CLIENT_ID && vars.GOOGLE_CLIENT_SECRET
        ? { clientId: vars.GOOGLE_CLIENT_ID, clientSecret: vars.GOOGLE_CLIENT_SECRET }
        : null,
    imageHost: vars.IMAGE_HOST_KEY ? { key: vars.IMAGE_HOST_KEY, endpoint: vars.IMAGE_HOST_ENDPOINT ?? null } : null,
    secure: publicUrl?.protocol === 'https:',
    admin: vars.ADMIN_EMAIL && vars.ADMIN_PASSWORD ? { email: vars.ADMIN_EMAIL, password: vars.ADMIN_PASSWORD } : null,
    stripe:
      vars.STRIPE_SECRET_KEY && vars.STRIPE_PUBLISHABLE_KEY && vars.STRIPE_WEBHOOK_SECRET
        ? { secretKey: vars.STRIPE_SECRET_KEY, publishableKey: vars.STRIPE_PUBLISHABLE_KEY, webhookSecret: vars.STRIPE_WEBHOOK_SECRET }
        : null,
    seedDemo: vars.SEED_DEMO ?? !vars.DATABASE_URL,
    authRateLimit: vars.AUTH_RATE_LIMIT,
    signUpRateLimit: vars.SIGNUP_RATE_LIMIT,
    unpaidOrderTtlHours: vars.UNPAID_ORDER_TTL_HOURS,
    maxUnpaidOrdersPerAccount: vars.MAX_UNPAID_ORDERS_PER_ACCOUNT,
    catalogueCacheBytes: vars.CATALOGUE_CACHE_MB * 1024 * 1024,
    trustProxy: vars.TRUST_PROXY,
    logLevel: vars.LOG_LEVEL,
  };
};

/**
 * JWT_SECRET, or the one generated on first start and kept in DATA_DIR/jwt-secret (mode 600), so a
 * restart keeps everyone signed in.
 */
export const resolveJwtSecret = (config: Pick<Config, 'jwtSecret' | 'dataDir'>): string => {
  if (config.jwtSecret) return config.jwtSecret;
  const file = join(config.dataDir, 'jwt-secret');
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // Created for the owner only (700), like the database files in it.
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
};

/** parseConfig plus the JWT secret: what main.ts uses. */
export const loadConfig = (env: Record<string, string | undefined>): Config & { jwtSecret: string } => {
  const config = parseConfig(env);
  return { ...config, jwtSecret: resolveJwtSecret(config) };
};

/**
 * Settings that work but are probably not what a production operator wants: logged at start.
 * PostgreSQL without JWT_SECRET runs fine alone, but a second instance would sign sessions with
 * its own generated secret and refuse this one's.
 */
export const configWarnings = (config: Pick<Config, 'database' | 'jwtSecret' | 'dataDir'>): string[] =>
  config.database.kind === 'postgres' && !config.jwtSecret
    ? [
        `JWT_SECRET is not set: sessions are signed with a secret kept in ${config.dataDir}; ` +
          'set one shared JWT_SECRET before running several instances on this database',
      ]
    : [];

/**
 * The start-up line: where this instance keeps its data and which outside services it talks to,
 * so an operator sees a misconfiguration at a glance. Built from the parsed configuration and
 * never from a raw value that may hold a secret: URLs are reduced to host, port and database
 * name, keys to the mode they select.
 */
import { join } from 'node:path';
import type { Config } from './config.ts';

export type BannerConfig = Pick<Config, 'database' | 'dataDir' | 'stripe' | 'smtpUrl' | 'imageHost' | 'google'>;

export interface StartupFacts {
  store: string;
  payments: string;
  mail: string;
  images: string;
  googleSignIn: string;
}

/** host:port/database of a postgres:// URL, without user or password. */
const postgresTarget = (url: string): string => {
  if (!URL.canParse(url)) return 'PostgreSQL';
  const parsed = new URL(url);
  const database = parsed.pathname.replace(/^\/+/, '');
  return `PostgreSQL ${parsed.host}${database ? `/${database}` : ''}`;
};

const hostOf = (url: string): string => (URL.canParse(url) ? new URL(url).host : 'configured host');

export const describeStartup = (config: BannerConfig): StartupFacts => ({
  store: config.database.kind === 'postgres' ? postgresTarget(config.database.url) : `SQLite ${config.database.file}`,
  payments: config.stripe
    ? `Stripe (${/^(sk|rk)_live_/.test(config.stripe.secretKey) ? 'live' : 'test'} mode)`
    : 'offline test provider (no real charges)',
  mail: config.smtpUrl ? `SMTP ${hostOf(config.smtpUrl)}` : `outbox ${join(config.dataDir, 'outbox')}`,
  images: config.imageHost
    ? `image host ${hostOf(config.imageHost.endpoint ?? 'https://api.imgbb.com/1/upload')}`
    : `local ${join(config.dataDir, 'uploads')}`,
  googleSignIn: config.google ? 'configured' : 'not configured',
});

export const startupBanner = (url: string, facts: StartupFacts): string =>
  `Bulkhead listening on ${url}; store: ${facts.store}; payments: ${facts.payments}; mail: ${facts.mail}; ` +
  `images: ${facts.images}; Google sign-in: ${facts.googleSignIn}`;

import { describe, expect, it } from 'vitest';
import { describeStartup, startupBanner } from './startup-banner.ts';

const SECRETS = {
  postgresPassword: 'pg-pass-Zq81',
  smtpPassword: 'smtp-pass-Wx42',
  stripeKey: 'sk_live_51SecretStripeKey',
  webhookSecret: 'whsec_SecretWebhook',
  googleSecret: 'google-secret-Yt93',
  imageKey: 'imgbb-key-Rr77',
};

describe('the start-up banner', () => {
  it('names every adapter of the zero-setup default with its local paths', () => {
    const facts = describeStartup({
      database: { kind: 'sqlite', file: '/srv/data/bulkhead.db' },
      dataDir: '/srv/data',
      stripe: null,
      smtpUrl: null,
      imageHost: null,
      google: null,
    });
    expect(startupBanner('http://localhost:3000', facts)).toBe(
      'Bulkhead listening on http://localhost:3000; store: SQLite /srv/data/bulkhead.db; ' +
        'payments: offline test provider (no real charges); mail: outbox /srv/data/outbox; ' +
        'images: local /srv/data/uploads; Google sign-in: not configured',
    );
  });

  it('names the production services by host only and prints none of their secrets', () => {
    const facts = describeStartup({
      database: { kind: 'postgres', url: `postgres://shop:${SECRETS.postgresPassword}@db.internal:5433/bulkhead` },
      dataDir: '/srv/data',
      stripe: { secretKey: SECRETS.stripeKey, publishableKey: 'pk_live_x', webhookSecret: SECRETS.webhookSecret },
      smtpUrl: `smtps://mailer:${SECRETS.smtpPassword}@smtp.example.com:465`,
      imageHost: { key: SECRETS.imageKey, endpoint: null },
      google: { clientId: 'client-id.apps.googleusercontent.com', clientSecret: SECRETS.googleSecret },
    });
    const banner = startupBanner('https://shop.example.com', facts);
    expect(facts).toEqual({
      store: 'PostgreSQL db.internal:5433/bulkhead',
      payments: 'Stripe (live mode)',
      mail: 'SMTP smtp.example.com:465',
      images: 'image host api.imgbb.com',
      googleSignIn: 'configured',
    });
    for (const secret of Object.values(SECRETS)) expect(banner).not.toContain(secret);
    expect(banner).not.toContain('shop:');
    expect(banner).not.toContain('mailer');
  });

  it('tells Stripe test keys from live ones', () => {
    const facts = describeStartup({
      database: { kind: 'sqlite', file: 'x.db' },
      dataDir: '.',
      stripe: { secretKey: 'sk_test_abc', publishableKey: 'pk_test_abc', webhookSecret: 'whsec_abc' },
      smtpUrl: null,
      imageHost: { key: 'k', endpoint: 'https://images.example.org/upload' },
      google: null,
    });
    expect(facts.payments).toBe('Stripe (test mode)');
    expect(facts.images).toBe('image host images.example.org');
  });
});

import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { composePorts, GOOGLE_CALLBACK_PATH, type ComposedPorts } from './compose.ts';
import { startFakeOidcIssuer } from './identity/fake-oidc-issuer.ts';
import { startFakeImageHost } from './images/fake-image-host.ts';
import { startSmtpPeer } from './mail/smtp-peer.ts';

const secret = 'compose-test-secret-that-is-long-enough-42';
let opened: ComposedPorts | null = null;
afterEach(async () => {
  await opened?.lifecycle.close();
  opened = null;
});

describe('composePorts', () => {
  it('picks SQLite and the offline test provider by default, with working identity ports', async () => {
    opened = await composePorts({ database: { kind: 'sqlite', file: ':memory:' }, jwtSecret: secret, stripe: null });
    expect(opened.describe).toEqual({ database: 'sqlite', payments: 'test', mail: 'outbox', images: 'local', google: false, rateLimits: 'memory' });
    expect(opened.google).toBeNull();
    expect(opened.uploads).not.toBeNull();
    expect(opened.payments.provider).toBe('test');
    await opened.lifecycle.ping();
    const hash = await opened.hasher.hash('pass-123');
    expect(hash.startsWith('scrypt$32768$8$1$')).toBe(true);
    const token = await opened.tokens.issue({ userId: 'u1', sessionVersion: 1 });
    expect(await opened.tokens.verify(token)).toEqual({ userId: 'u1', sessionVersion: 1 });
    expect(opened.ids.newId()).not.toBe(opened.ids.newId());
  });

  it('sweeps unreferenced uploads older than a day as it starts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bulkhead-compose-sweep-'));
    try {
      const old = `${'9'.repeat(32)}.png`;
      await mkdir(join(dataDir, 'uploads'), { recursive: true });
      await writeFile(join(dataDir, 'uploads', old), 'x');
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
      await utimes(join(dataDir, 'uploads', old), twoDaysAgo, twoDaysAgo);
      opened = await composePorts({ database: { kind: 'sqlite', file: ':memory:' }, jwtSecret: secret, stripe: null, dataDir }, { log: () => undefined });
      await vi.waitFor(async () => expect(await readdir(join(dataDir, 'uploads'))).toEqual([]));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps the test provider’s intents in the database: an intent one instance made is paid through another', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bulkhead-compose-intents-'));
    const settings = { database: { kind: 'sqlite' as const, file: join(dataDir, 'shop.db') }, jwtSecret: secret, stripe: null, dataDir };
    const other = await composePorts(settings, { log: () => undefined });
    try {
      opened = await composePorts(settings, { log: () => undefined });
      const intent = await opened.payments.createIntent({ orderId: 'o-1', amountCents: 10_000, currency: 'usd', email: 'a@example.com' });
      const card = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
      expect(await other.testCards?.confirmCard({ clientSecret: intent.clientSecret, card, billing: { name: 'A', email: 'a@example.com' } })).toEqual({
        ok: true,
        value: { paymentIntentId: intent.id },
      });
      expect((await opened.payments.retrieveIntent(intent.id))?.state).toBe('succeeded');
    } finally {
      await other.lifecycle.close();
      await opened?.lifecycle.close();
      opened = null;
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('picks Stripe when its keys are configured', async () => {
    opened = await composePorts({
      database: { kind: 'sqlite', file: ':memory:' },
      jwtSecret: secret,
      stripe: { secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x' },
    });
    expect(opened.describe.payments).toBe('stripe');
    expect(opened.payments).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_x' });
  });

  it('writes mail to DATA_DIR/outbox, keeps uploads in DATA_DIR/uploads and signs links', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bulkhead-compose-'));
    try {
      const logged: string[] = [];
      opened = await composePorts(
        { database: { kind: 'sqlite', file: ':memory:' }, jwtSecret: secret, stripe: null, dataDir, appUrl: 'http://shop.test' },
        { log: (line) => logged.push(line) },
      );
      await opened.mailer.send({ to: 'a@example.com', subject: 'Hi', text: 'Open http://shop.test/x', html: '<p>Hi</p>' });
      expect(await readdir(join(dataDir, 'outbox'))).toHaveLength(1);
      expect(logged.join('\n')).toContain('link: http://shop.test/x');
      const { url } = await opened.images.save(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'png');
      expect(await readdir(join(dataDir, 'uploads'))).toEqual([url.replace('/uploads/', '')]);
      expect(opened.uploads?.dir).toBe(join(dataDir, 'uploads'));
      const link = await opened.links.issue({ purpose: 'verify-email', userId: 'u1', version: 1 }, 60);
      expect(await opened.links.verify(link, 'verify-email')).toEqual({ ok: true, value: { purpose: 'verify-email', userId: 'u1', version: 1 } });
      expect(await opened.tokens.verify(link)).toBeNull();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('wires SMTP, the image host and Google sign-in when configured', async () => {
    // Each configured service is a real local stand-in, so the test checks where the ports really
    // send things (not how the settings are described).
    const smtp = await startSmtpPeer();
    const imageHost = await startFakeImageHost({ key: 'key-1' });
    const issuer = await startFakeOidcIssuer({ clientId: 'client', clientSecret: 'secret' });
    const dataDir = await mkdtemp(join(tmpdir(), 'bulkhead-compose-services-'));
    try {
      opened = await composePorts(
        {
          database: { kind: 'sqlite', file: ':memory:' },
          jwtSecret: secret,
          stripe: null,
          dataDir,
          appUrl: 'http://shop.test',
          smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
          imageHost: { key: 'key-1', endpoint: imageHost.endpoint },
          google: { clientId: 'client', clientSecret: 'secret', issuer: issuer.issuer },
        },
        { log: () => undefined },
      );
      // Mail goes over SMTP, and nothing is written to the outbox folder.
      await opened.mailer.send({ to: 'a@example.com', subject: 'Hi', text: 'Hello', html: '<p>Hello</p>' });
      expect(smtp.received.map((mail) => mail.to)).toEqual([['a@example.com']]);
      expect(await readdir(dataDir)).not.toContain('outbox');
      // Images are uploaded to the host and served from it; no local uploads folder is served.
      const { url } = await opened.images.save(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'png');
      expect(new URL(url).origin).toBe(new URL(imageHost.endpoint).origin);
      expect(imageHost.uploads.size).toBe(1);
      expect(opened.uploads).toBeNull();
      // Google sign-in starts at the configured issuer, for this client, back to this shop.
      const started = await opened.google!.start();
      const authorize = new URL(started.url);
      expect(authorize.origin).toBe(issuer.issuer);
      expect(authorize.searchParams.get('client_id')).toBe('client');
      expect(authorize.searchParams.get('redirect_uri')).toBe(`http://shop.test${GOOGLE_CALLBACK_PATH}`);
    } finally {
      await Promise.all([smtp.close(), imageHost.close(), issuer.close()]);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

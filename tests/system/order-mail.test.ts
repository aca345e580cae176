/**
 * Order e-mails through a real SMTP server (docs/email.md, "E-mail"): an order placed while the mail
 * server is down is still placed; its confirmation waits in the outbox table across a restart, and
 * goes out once the mail server answers and its retry is due. Real process, real SQLite file,
 * real SMTP peer.
 */
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpPeer } from '#adapters/mail/smtp-peer.ts';
import { placeOrder, signUpCustomer } from '../support/api.ts';
import { seedProductsIntoSqlite, sqliteFileIn } from '../support/products.ts';
import { freePort, freshDataDir, startServer } from '../support/server.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const waitFor = async <T>(what: string, probe: () => T | undefined | null | false, timeoutMs = 15_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
};

describe('order e-mails through SMTP', () => {
  const dataDir = freshDataDir('bulkhead-order-mail');
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps the confirmation of an order placed while the mail server is down, across a restart, and sends it once the server answers', async () => {
    const [product] = await seedProductsIntoSqlite(dataDir, [{ name: 'Mail Test Anchor', stock: 1_000, priceCents: 321 }]);
    // A buyer signs up with mail kept in files (the default), so the verification link is at hand.
    const first = await startServer({ dataDir, env: { SEED_DEMO: 'false' } });
    const email = `mail-buyer-${Date.now()}@bulkhead.test`;
    let token: string;
    try {
      token = await signUpCustomer(first, email);
    } finally {
      await first.stop();
    }

    // The mail server is down: nobody listens on this port.
    const deadPort = await freePort();
    const down = await startServer({ dataDir, env: { SEED_DEMO: 'false', SMTP_URL: `smtp://127.0.0.1:${deadPort}` } });
    let number: string;
    try {
      const placed = await placeOrder(down.url, token, product!.id, 200);
      expect(placed.status).toBe(201);
      number = placed.body!.number;
      await waitFor('the failed try in the log', () => down.stdout().includes('mail not sent; will try again'));
    } finally {
      await down.stop();
    }
    const db = new Database(sqliteFileIn(dataDir));
    try {
      const queued = db.prepare("SELECT kind, attempts, sent_at FROM mail_outbox WHERE kind = 'order-placed'").all();
      expect(queued).toEqual([{ kind: 'order-placed', attempts: 1, sent_at: null }]);
      // The minute before the retry passes.
      db.prepare('UPDATE mail_outbox SET next_attempt_at = 0 WHERE sent_at IS NULL').run();
    } finally {
      db.close();
    }

    const smtp = await startSmtpPeer();
    const up = await startServer({ dataDir, env: { SEED_DEMO: 'false', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
    try {
      const mail = await waitFor('the confirmation at the SMTP server', () => smtp.received.find((m) => m.raw.includes(number)));
      expect(mail.to).toEqual([email]);
      const raw = mail.raw.replace(/=\r?\n/g, '');
      expect(raw).toMatch(/Subject: Order BH-\d{4}-\d{6} received/);
      expect(raw).toMatch(/Content-Type: multipart\/alternative/);
      expect(raw).toMatch(/Content-Type: text\/plain/);
      expect(raw).toMatch(/Content-Type: text\/html/);
      expect(raw).toContain('Mail Test Anchor');
      expect(raw).toContain('$642.00');
      await waitFor('the outbox marked sent', () => {
        const check = new Database(sqliteFileIn(dataDir), { readonly: true });
        try {
          return (check.prepare('SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL').get() as { n: number }).n === 0;
        } finally {
          check.close();
        }
      });
      expect(smtp.received.filter((m) => m.raw.includes(number))).toHaveLength(1);
    } finally {
      await up.stop();
      await smtp.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#http/messages.ts';
import { expectError } from '#http/test-support.ts';
import { openSecurityApp, type SecurityApp } from './harness.ts';

/**
 * An e-mail address is exactly one mailbox in one spelling: no lists or display names that send
 * the mail elsewhere, no look-alike twins of an existing account, and no words of the signer-up's
 * in the mail that goes to an address nobody has proven yet.
 */
let app: SecurityApp;
beforeAll(async () => {
  app = await openSecurityApp();
});
afterAll(() => app.close());

const signUp = (email: string, name = 'Ada') => app.call('POST', '/api/auth/sign-up', { body: { name, email, password: 'password-1' } });

describe('e-mail addresses', () => {
  it('refuses a list or a display name instead of one mailbox, writing nothing', async () => {
    const before = await app.snapshot();
    for (const email of ['someone,victim@evil.example', 'someone@x.com;victim@evil.example', 'Ada <victim@evil.example>', '"a"@x.com', 'a b@x.com', 'a@x.com\tb@y.com']) {
      const refused = await signUp(email);
      expect(refused.status, email).toBe(400);
      expect(expectError(refused.json).fields?.email, email).toBe(messages.emailInvalid);
    }
    expect(await app.snapshot()).toBe(before);
    expect(app.outbox.sent).toHaveLength(0);
  });

  it('lets a@x.com, its zero-width twin and its full-width twin be one account only', async () => {
    expect((await signUp('lookalike@x.com')).status).toBe(201);
    for (const twin of ['look\u200balike@x.com', 'lookalike\u202e@x.com', '\u00adlookalike@x.com']) {
      const refused = await signUp(twin);
      expect(refused.status, JSON.stringify(twin)).toBe(400);
    }
    const fullWidth = await signUp('ｌｏｏｋａｌｉｋｅ@ｘ.ｃｏｍ');
    expect(fullWidth.status).toBe(409);
    expect(expectError(fullWidth.json).code).toBe('EMAIL_TAKEN');
    const upper = await signUp('LOOKALIKE@X.COM');
    expect(upper.status).toBe(409);
  });

  it('sends the verification mail without the name the signer-up chose', async () => {
    const name = 'URGENT pay your invoice at https://evil.example/pay';
    expect((await signUp('fresh-mailbox@example.com', name)).status).toBe(201);
    await app.deliverMail();
    const mail = app.outbox.sent.find((sent) => sent.to === 'fresh-mailbox@example.com');
    expect(mail).toBeDefined();
    for (const part of [mail!.subject, mail!.text, mail!.html]) {
      expect(part).not.toContain('URGENT');
      expect(part).not.toContain('evil.example');
    }
    expect(mail!.text).toMatch(/^Welcome to Bulkhead\. Please confirm that this is your e-mail address\./);
  });
});

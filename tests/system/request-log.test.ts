/**
 * The real process's stdout at LOG_LEVEL=debug: every line is one JSON object, the start-up line
 * names the adapters, each request is logged with the id its response carried, and no secret
 * appears anywhere: not the passwords, session tokens, cookies, a real password-reset token
 * (mailed through SMTP, then used in a link query and in the confirm body), OAuth code/state,
 * the payment client secret, card numbers, the SMTP password, JWT_SECRET or ADMIN_PASSWORD.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer } from '#adapters/mail/smtp-peer.ts';
import { seedProductsIntoSqlite } from '../support/products.ts';
import { freshDataDir, startServer, TEST_ADMIN, TEST_JWT_SECRET, type RunningServer } from '../support/server.ts';

const SMTP_PASSWORD = 'smtp-pass-Vq83kd';
const PASSWORD = 'Hunter2-correct-horse-Lx02';
const NEW_PASSWORD = 'Brand-new-password-Pz71';
const CARD = { number: '4242 4242 4242 4242', expMonth: 10, expYear: 2090, cvc: '731' };

interface LogLine {
  time: string;
  level: string;
  msg: string;
  [key: string]: unknown;
}

describe('JSON logs of the real server', () => {
  const dataDir = freshDataDir('bulkhead-logs');
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  /** The mails that arrived, quoted-printable soft breaks and `=3D` undone. */
  const mails = () => smtp.received.map(({ raw }) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
  let server: RunningServer | null = null;
  let productId: string;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    const smtpPort = smtp.port;
    const [product] = await seedProductsIntoSqlite(dataDir, [{ name: 'Log Test Coupling', stock: 10_000, priceCents: 199 }]);
    productId = product!.id;
    server = await startServer({
      dataDir,
      env: { SEED_DEMO: 'false', LOG_LEVEL: 'debug', SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:${smtpPort}` },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes parseable lines with request ids and never a secret', async () => {
    const base = server!.url;
    const json = async (method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await response.text();
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever JSON came back
      return { status: response.status, id: response.headers.get('x-request-id'), body: (text ? JSON.parse(text) : null) as any };
    };

    const email = `log-buyer-${Date.now()}@bulkhead.test`;
    expect((await json('POST', '/api/auth/sign-up', { body: { name: 'Log Buyer', email, password: PASSWORD } })).status).toBe(201);
    // Ordering needs a verified e-mail: the link from the verification mail, through real SMTP
    // (the mail outbox sends it within about a second).
    const verifyDeadline = Date.now() + 10_000;
    while (!mails().some((mail) => mail.includes('/verifyEmail?token=')) && Date.now() < verifyDeadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const verifyMail = mails().find((mail) => mail.includes('/verifyEmail?token='));
    const verifyToken = /verifyEmail\?token=([A-Za-z0-9._~-]+)/.exec(verifyMail ?? '')?.[1];
    expect(verifyToken, 'the verification e-mail carries a token').toBeDefined();
    expect((await json('POST', '/api/auth/verify-email', { body: { token: verifyToken } })).status).toBe(204);
    const signIn = await json('POST', '/api/auth/sign-in', { body: { email, password: PASSWORD }, headers: { 'x-request-id': 'trace-abc-123' } });
    expect(signIn.status).toBe(200);
    expect(signIn.id).toBe('trace-abc-123');
    const token = signIn.body.token as string;
    expect((await json('GET', '/api/me', { token })).status).toBe(200);
    expect((await json('GET', '/api/orders', { headers: { cookie: `session=${token}` } })).status).toBe(200);

    // A real reset token, through real SMTP, used as the web app's link would use it.
    expect((await json('POST', '/api/auth/password-reset', { body: { email } })).status).toBe(202);
    const deadline = Date.now() + 10_000;
    while (!mails().some((mail) => /token=/.test(mail) && mail.includes('reset')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const resetMail = mails().find((mail) => /token=/.test(mail) && mail.includes('reset'));
    const resetToken = /[?&]token=([A-Za-z0-9._~-]+)/.exec(resetMail ?? '')?.[1];
    expect(resetToken, 'the reset e-mail carries a token').toBeDefined();
    await fetch(`${base}/resetPassword?token=${resetToken}`);
    await fetch(`${base}/api/auth/google/callback?code=oauth-code-Jw55&state=oauth-state-Nc19`);
    expect((await json('POST', '/api/auth/password-reset/confirm', { body: { token: resetToken, password: NEW_PASSWORD } })).status).toBe(204);

    // A test-card payment.
    const session = (await json('POST', '/api/auth/sign-in', { body: { email, password: NEW_PASSWORD } })).body.token as string;
    const order = await json('POST', '/api/orders', {
      token: session,
      body: { productId, quantity: 100, phone: '+1 555 0100', address: '1 Harbour Road' },
    });
    expect(order.status).toBe(201);
    const intent = await json('POST', `/api/orders/${order.body.id}/payment-intent`, { token: session });
    const clientSecret = intent.body.clientSecret as string;
    const paid = await json('POST', '/api/payments/test/confirm', {
      token: session,
      body: { clientSecret, card: CARD, billing: { name: 'Log Buyer', email } },
    });
    expect(paid.status).toBe(200);

    // SIGTERM flushes the asynchronous log buffer before the process exits.
    expect(await server!.kill('SIGTERM')).toEqual({ code: 0, signal: null });
    const stdout = server!.stdout();
    server = null;

    const lines = stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogLine);
    for (const line of lines) {
      expect(typeof line.time).toBe('string');
      expect(['debug', 'info', 'warn', 'error']).toContain(line.level);
      expect(typeof line.msg).toBe('string');
    }
    const banner = lines.find((line) => line.msg.startsWith('Bulkhead listening on'));
    expect(banner).toMatchObject({ store: expect.stringContaining('SQLite'), mail: expect.stringMatching(/^SMTP 127\.0\.0\.1:\d+$/), googleSignIn: 'not configured' });
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests.find((line) => line.requestId === 'trace-abc-123')).toMatchObject({ method: 'POST', path: '/api/auth/sign-in', status: 200 });
    expect(requests.find((line) => line.requestId === paid.id)).toMatchObject({ path: '/api/payments/test/confirm', status: 200, userId: expect.any(String) });
    expect(requests.find((line) => line.path === '/resetPassword')).toBeDefined();
    expect(requests.find((line) => line.path === '/api/auth/google/callback')).toBeDefined();

    const secrets = [
      PASSWORD,
      NEW_PASSWORD,
      token,
      session,
      resetToken!,
      'oauth-code-Jw55',
      'oauth-state-Nc19',
      clientSecret,
      CARD.number,
      CARD.number.replace(/ /g, ''),
      SMTP_PASSWORD,
      TEST_JWT_SECRET,
      TEST_ADMIN.password,
    ];
    for (const secret of secrets) expect(stdout, `stdout contains ${secret}`).not.toContain(secret);
    expect(stdout.toLowerCase()).not.toContain('bearer');
  });
});

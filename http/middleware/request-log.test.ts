/**
 * The access log through the whole app (memory store), written by the real JSON logger into an
 * in-memory destination: one parseable line per request, request ids, and no secret in any line.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { createJsonLogger, type LogLevel } from '../logger.ts';
import { addProduct, createMemoryMailer, createTestApp } from '../test-support.ts';

interface LogLine {
  time: string;
  level: string;
  msg: string;
  [key: string]: unknown;
}

const capture = (level: LogLevel = 'debug') => {
  const raw: string[] = [];
  const logger = createJsonLogger(level, { write: (chunk: string) => void raw.push(chunk) });
  return {
    logger,
    text: () => raw.join(''),
    lines: (): LogLine[] => raw.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogLine),
    requests: () => raw.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogLine).filter((line) => line.msg === 'request'),
  };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request log lines', () => {
  it('writes one JSON line per request with time, level, id, method, path, status and duration', async () => {
    const log = capture();
    const { call } = createTestApp({ logger: log.logger });
    const reply = await call('GET', '/api/products?limit=3');
    expect(reply.status).toBe(200);

    const [line, ...others] = log.requests();
    expect(others).toEqual([]);
    expect(line).toMatchObject({ level: 'info', msg: 'request', method: 'GET', path: '/api/products', status: 200 });
    expect(new Date(line!.time).toISOString()).toBe(line!.time);
    expect(line!.requestId).toMatch(UUID);
    expect(reply.headers.get('x-request-id')).toBe(line!.requestId);
    expect(typeof line!.durationMs).toBe('number');
    expect(line!.durationMs as number).toBeGreaterThanOrEqual(0);
    expect(line).not.toHaveProperty('userId');
  });

  it('keeps a sane incoming X-Request-Id and replaces one that is not a plain token', async () => {
    const log = capture();
    const { call } = createTestApp({ logger: log.logger });
    const kept = await call('GET', '/api/health', { headers: { 'x-request-id': 'lb-7f3a_22=' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a_22=');

    const injected = await call('GET', '/api/health', { headers: { 'x-request-id': 'abc" , "level":"fatal' } });
    const tooLong = await call('GET', '/api/health', { headers: { 'x-request-id': 'a'.repeat(129) } });
    expect(injected.headers.get('x-request-id')).toMatch(UUID);
    expect(tooLong.headers.get('x-request-id')).toMatch(UUID);
    expect(log.requests().map((line) => line.requestId)).toEqual([
      'lb-7f3a_22=',
      injected.headers.get('x-request-id'),
      tooLong.headers.get('x-request-id'),
    ]);
    // Health checks are polled constantly: they are logged at debug, not info.
    expect(log.requests().every((line) => line.level === 'debug')).toBe(true);
  });

  it('names the signed-in user, and gives 404s and static pages an id too', async () => {
    const log = capture();
    const { call, signUp } = createTestApp({ logger: log.logger });
    const buyer = await signUp();
    await call('GET', '/api/me', { token: buyer.token });
    const missing = await call('GET', '/api/nothing-here');
    const page = await call('GET', '/allProduct');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toMatch(UUID);
    expect(page.headers.get('x-request-id')).toMatch(UUID);

    const lines = log.requests();
    expect(lines.find((line) => line.path === '/api/me')).toMatchObject({ status: 200, userId: buyer.user.id });
    expect(lines.find((line) => line.path === '/api/nothing-here')).toMatchObject({ status: 404, level: 'info' });
    expect(lines.find((line) => line.path === '/allProduct')?.requestId).toBe(page.headers.get('x-request-id'));
  });

  it('logs a 500 at error level with the stack under the same request id the client got', async () => {
    const log = capture();
    const storage = createMemoryStorage();
    storage.repositories.search.search = async () => {
      throw new Error('disk on fire');
    };
    const { call } = createTestApp({ logger: log.logger, storage });
    const reply = await call('GET', '/api/products');
    expect(reply.status).toBe(500);
    const id = reply.headers.get('x-request-id');
    expect(id).toMatch(UUID);

    const problem = log.lines().find((line) => line.msg === 'unhandled error');
    expect(problem).toMatchObject({ level: 'error', requestId: id, method: 'GET', path: '/api/products' });
    expect(problem!.error).toContain('Error: disk on fire');
    expect(problem!.error).toMatch(/\n\s+at /);
    expect(log.requests()).toEqual([expect.objectContaining({ level: 'error', requestId: id, status: 500 })]);
    // The client gets the id to quote, never the stack.
    expect(reply.text).not.toContain('disk on fire');
  });

  it('logs a visitor asking for Google sign-in while it is off at info level, not error', async () => {
    const log = capture();
    const { call } = createTestApp({ logger: log.logger });
    const reply = await call('GET', '/api/auth/google');
    expect(reply.status).toBe(503);
    expect(log.requests()).toEqual([expect.objectContaining({ level: 'info', path: '/api/auth/google', status: 503 })]);
    expect(log.lines().filter((line) => line.level === 'error')).toEqual([]);
  });

  it('respects LOG_LEVEL: at warn, ordinary requests write nothing', async () => {
    const log = capture('warn');
    const { call } = createTestApp({ logger: log.logger });
    expect((await call('GET', '/api/products')).status).toBe(200);
    expect(log.text()).toBe('');
  });
});

describe('secrets never reach the log', () => {
  it('leaves out passwords, session tokens, cookies, reset tokens, OAuth codes and card data', async () => {
    const log = capture('debug');
    const mailer = createMemoryMailer();
    const context = createTestApp({ logger: log.logger, mailer });
    const { call } = context;
    const product = await addProduct(context.store, { stock: 1000 });

    const password = 'Hunter2-correct-horse-battery';
    const signUp = await call('POST', '/api/auth/sign-up', { body: { name: 'Ada Buyer', email: 'ada@example.com', password } });
    expect(signUp.status).toBe(201);
    // Ordering needs a verified e-mail: the mailed link, as the buyer would open it.
    await context.deliverMail();
    const verifyToken = new URL(mailer.sent.at(-1)!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    expect((await call('POST', '/api/auth/verify-email', { body: { token: verifyToken } })).status).toBe(204);
    const signIn = await call('POST', '/api/auth/sign-in', { body: { email: 'ada@example.com', password } });
    expect(signIn.status).toBe(200);
    const token = signIn.json.token as string;
    const wrong = await call('POST', '/api/auth/sign-in', { body: { email: 'ada@example.com', password: `${password}-typo` } });
    expect(wrong.status).toBe(401);

    expect((await call('GET', '/api/me', { token })).status).toBe(200);
    expect((await call('GET', '/api/orders', { cookie: token })).status).toBe(200);

    // A real reset token: sent in the web app's link (query) and to the confirm endpoint (body).
    expect((await call('POST', '/api/auth/password-reset', { body: { email: 'ada@example.com' } })).status).toBe(202);
    await context.settled(); // the reset mail is queued after the answer
    await context.deliverMail();
    const link = mailer.sent.at(-1)!.text.match(/https?:\/\/\S+/)![0];
    const resetToken = new URL(link).searchParams.get('token')!;
    expect(resetToken.length).toBeGreaterThan(20);
    await call('GET', `/resetPassword?token=${encodeURIComponent(resetToken)}`);
    await call('GET', `/api/products?token=${encodeURIComponent(resetToken)}&code=oauth-code-Qx81&state=oauth-state-Lm27`);
    await call('GET', '/api/auth/google/callback?code=oauth-code-Qx81&state=oauth-state-Lm27');
    const newPassword = 'Brand-new-password-Zk40';
    expect((await call('POST', '/api/auth/password-reset/confirm', { body: { token: resetToken, password: newPassword } })).status).toBe(204);

    // A test-card payment.
    const session = (await call('POST', '/api/auth/sign-in', { body: { email: 'ada@example.com', password: newPassword } })).json.token as string;
    const order = await call('POST', '/api/orders', {
      token: session,
      body: { productId: product.id, quantity: 100, phone: '+1 555 0100', address: '1 Harbour Road' },
    });
    expect(order.status).toBe(201);
    const intent = await call('POST', `/api/orders/${order.json.id}/payment-intent`, { token: session });
    const clientSecret = intent.json.clientSecret as string;
    // (The CVC is not searched for: three digits turn up by chance inside ids and timestamps.)
    const card = { number: '4242 4242 4242 4242', expMonth: 11, expYear: 2091, cvc: '831' };
    const charged = await call('POST', '/api/payments/test/confirm', {
      token: session,
      body: { clientSecret, card, billing: { name: 'Ada Buyer', email: 'ada@example.com' } },
    });
    expect(charged.status).toBe(200);
    const declined = await call('POST', '/api/payments/test/confirm', {
      token: session,
      body: { clientSecret, card: { ...card, number: '4000 0000 0000 0002' }, billing: { name: 'Ada Buyer', email: 'ada@example.com' } },
    });
    expect(declined.status).toBeGreaterThanOrEqual(400);

    const text = log.text();
    expect(log.requests().length).toBeGreaterThanOrEqual(14);
    const secrets = [
      password,
      newPassword,
      token,
      session,
      resetToken,
      'oauth-code-Qx81',
      'oauth-state-Lm27',
      clientSecret,
      '4242 4242 4242 4242',
      '4242424242424242',
      '4000 0000 0000 0002',
      '4000000000000002',
    ];
    for (const secret of secrets) expect(text, `the log contains ${secret}`).not.toContain(secret);
    expect(text.toLowerCase()).not.toContain('bearer');
    expect(text).not.toContain('session=');
  });

  it('redacts secret-named fields even if a caller passes them by mistake', () => {
    const log = capture();
    log.logger.warn('oops', { password: 'pw-Abc1', token: 'tk-Def2', authorization: 'Bearer x', card: { number: '4242' }, userId: 'u1' });
    const [line] = log.lines();
    expect(line).toMatchObject({ password: '[redacted]', token: '[redacted]', authorization: '[redacted]', card: '[redacted]', userId: 'u1' });
    expect(log.text()).not.toMatch(/pw-Abc1|tk-Def2|Bearer x/);
  });
});

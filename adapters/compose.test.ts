import { afterEach, describe, expect, it } from 'vitest';
import { composePorts, type ComposedPorts } from './compose.ts';

const secret = 'compose-test-secret-that-is-long-enough-42';
let opened: ComposedPorts | null = null;
afterEach(async () => {
  await opened?.store.close();
  opened = null;
});

describe('composePorts', () => {
  it('picks SQLite and the offline test provider by default, with working identity ports', async () => {
    opened = await composePorts({ database: { kind: 'sqlite', file: ':memory:' }, jwtSecret: secret, stripe: null });
    expect(opened.describe).toEqual({ database: 'sqlite', payments: 'test' });
    expect(opened.payments.provider).toBe('test');
    await opened.store.ping();
    const hash = await opened.hasher.hash('pass-123');
    expect(hash.startsWith('scrypt$32768$8$1$')).toBe(true);
    const token = await opened.tokens.issue({ userId: 'u1', sessionVersion: 1 });
    expect(await opened.tokens.verify(token)).toEqual({ userId: 'u1', sessionVersion: 1 });
    expect(opened.ids.newId()).not.toBe(opened.ids.newId());
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
});

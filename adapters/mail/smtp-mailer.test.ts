import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '#domain/shared/errors.ts';
import { describeMailerContract } from './mailer.contract.ts';
import { createSmtpMailer } from './smtp-mailer.ts';
import { startSmtpPeer } from './smtp-peer.ts';

describeMailerContract('SMTP against a real SMTP peer', async () => {
  const peer = await startSmtpPeer();
  const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${peer.port}`, from: 'Bulkhead <shop@bulkhead.test>' });
  return {
    mailer,
    delivered: async () => peer.received.map(({ raw, to }) => ({ raw, envelopeTo: to })),
    cleanup: async () => {
      mailer.close();
      await peer.close();
    },
  };
});

const mail = {
  to: 'buyer@example.com',
  subject: 'Verify your e-mail',
  text: 'Open http://localhost:3000/verify?token=abc123 to verify.',
  html: '<p>Open <a href="http://localhost:3000/verify?token=abc123">this link</a> to verify.</p>',
};

describe('SMTP mailer against a real SMTP peer', () => {
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  beforeAll(async () => {
    peer = await startSmtpPeer();
  });
  afterAll(() => peer.close());

  it('sends from the configured sender’s address in the envelope', async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${peer.port}`, from: 'Bulkhead <shop@bulkhead.test>' });
    await mailer.send(mail);
    mailer.close();
    expect(peer.received).toHaveLength(1);
    expect(peer.received[0]?.from).toBe('shop@bulkhead.test');
    expect(peer.received[0]?.to).toEqual(['buyer@example.com']);
  });

  it('reports the mail service unavailable when the server refuses or cannot be reached', async () => {
    const closed = createSmtpMailer({ url: 'smtp://127.0.0.1:9', from: 'shop@bulkhead.test' });
    const failure = await closed.send(mail).catch((error: unknown) => error);
    closed.close();
    expect(failure).toBeInstanceOf(ServiceUnavailableError);
    expect(failure).toMatchObject({ service: 'mail' });
  });
});

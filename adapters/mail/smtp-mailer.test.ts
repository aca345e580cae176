import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '#domain/shared/errors.ts';
import { describeMailerContract } from './mailer.contract.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

/** A real SMTP peer on a free port, keeping every message it accepts with its envelope. */
const startSmtpPeer = async () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

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

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '#domain/shared/errors.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

const mail = {
  to: 'buyer@example.com',
  subject: 'Verify your e-mail',
  text: 'Open http://localhost:3000/verify?token=abc123 to verify.',
  html: '<p>Open <a href="http://localhost:3000/verify?token=abc123">this link</a> to verify.</p>',
};

describe('SMTP mailer against a real SMTP peer', () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
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
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a plain-text and HTML message with the envelope we asked for', async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'Bulkhead <shop@bulkhead.test>' });
    await mailer.send(mail);
    mailer.close();
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message?.from).toBe('shop@bulkhead.test');
    expect(message?.to).toEqual(['buyer@example.com']);
    expect(message?.raw).toContain('Subject: Verify your e-mail');
    expect(message?.raw).toContain('Content-Type: text/plain');
    expect(message?.raw).toContain('Content-Type: text/html');
    expect(message?.raw).toContain('token=abc123');
  });

  it('reports the mail service unavailable when the server refuses or cannot be reached', async () => {
    const closed = createSmtpMailer({ url: 'smtp://127.0.0.1:9', from: 'shop@bulkhead.test' });
    const failure = await closed.send(mail).catch((error: unknown) => error);
    closed.close();
    expect(failure).toBeInstanceOf(ServiceUnavailableError);
    expect(failure).toMatchObject({ service: 'mail' });
  });
});

describe('outbox mailer', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bulkhead-outbox-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes one .eml per message named by time and recipient, and logs its links', async () => {
    const lines: string[] = [];
    const mailer = createOutboxMailer({ dir, from: 'shop@bulkhead.test', log: (l) => lines.push(l) });
    await mailer.send(mail);
    await mailer.send({ ...mail, to: 'other@example.com' });
    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-buyer@example\.com-\w+\.eml$/);
    const raw = await readFile(join(dir, files.find((f) => f.includes('buyer'))!), 'utf8');
    expect(raw).toContain('To: buyer@example.com');
    expect(raw).toContain('Subject: Verify your e-mail');
    expect(lines.join('\n')).toContain('link: http://localhost:3000/verify?token=abc123');
  });
});

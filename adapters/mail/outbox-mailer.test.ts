import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeMailerContract } from './mailer.contract.ts';
import { createOutboxMailer, type WriteMessageFile } from './outbox-mailer.ts';

const readEml = async (dir: string) => {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
  return Promise.all(files.map(async (file) => ({ raw: await readFile(join(dir, file), 'utf8') })));
};

describeMailerContract('outbox', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'bulkhead-outbox-'));
  return {
    mailer: createOutboxMailer({ dir, from: 'shop@bulkhead.test', log: () => undefined }),
    // The outbox file is the delivery: a mail client opens it as the recipient would see it.
    delivered: () => readEml(dir),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

const mail = {
  to: 'buyer@example.com',
  subject: 'Verify your e-mail',
  text: 'Open http://localhost:3000/verify?token=abc123 to verify.',
  html: '<p>Open <a href="http://localhost:3000/verify?token=abc123">this link</a> to verify.</p>',
};

describe('outbox mailer', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bulkhead-outbox-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('makes a missing outbox folder for the owner only (700) and each mail 600: file names hold addresses', async () => {
    const outbox = join(dir, 'made-here');
    await createOutboxMailer({ dir: outbox, from: 'shop@bulkhead.test', log: () => undefined }).send(mail);
    expect((await stat(outbox)).mode & 0o777).toBe(0o700);
    const [file] = await readdir(outbox);
    expect((await stat(join(outbox, file!))).mode & 0o777).toBe(0o600);
    await rm(outbox, { recursive: true, force: true });
  });

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
    // The HTML part in base64 (mime-message.ts); short lines of ASCII text as they are, readable in the file.
    expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n/);
    expect(raw).toContain(mail.text);
    expect(lines.join('\n')).toContain('link: http://localhost:3000/verify?token=abc123');
  });
});

describe('outbox mailer on a failing disk', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bulkhead-outbox-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes under a name that is no .eml in the same folder, and renames it once the message is whole', async () => {
    const written: string[] = [];
    const write: WriteMessageFile = async (file, raw) => {
      written.push(file);
      // While the message is being written, no .eml is there for a reader to open half-done.
      expect((await readdir(dir)).filter((name) => name.endsWith('.eml'))).toEqual([]);
      await writeFile(file, raw);
    };
    const mailer = createOutboxMailer({ dir, from: 'shop@bulkhead.test', log: () => undefined, write });
    await mailer.send(mail);
    expect(written).toHaveLength(1);
    expect(written[0]!.startsWith(join(dir, '.'))).toBe(true);
    expect(written[0]!.endsWith('.eml')).toBe(false);
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-buyer@example\.com-\w+\.eml$/);
    expect(await readFile(join(dir, files[0]!), 'utf8')).toContain(mail.text);
  });

  it('leaves no file behind when the disk fills mid-write, and fails the send so the mail is tried again', async () => {
    // What a full disk does: part of the message reaches the file, then ENOSPC.
    const fullDisk: WriteMessageFile = async (file, raw) => {
      await writeFile(file, raw.slice(0, 100));
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    const mailer = createOutboxMailer({ dir, from: 'shop@bulkhead.test', log: () => undefined, write: fullDisk });
    await expect(mailer.send(mail)).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(await readdir(dir)).toEqual([]);
  });
});

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mail, Mailer } from '#domain/mail/mailer.ts';
import { mimeComposer } from './mime-message.ts';

/**
 * The zero-setup default: every message becomes an .eml file under `dir` (openable by any mail
 * client) and its links are logged, so sign-up verification and password reset work offline.
 */
export const createOutboxMailer = (options: {
  dir: string;
  from: string;
  log?: (line: string) => void;
}): Mailer => {
  // The exact RFC 5322 message SMTP would have sent.
  const message = mimeComposer(options.from);
  const log = options.log ?? ((line: string) => console.log(line));
  return {
    async send(mail: Mail) {
      const now = new Date();
      const raw = message.compose(mail, now);
      const file = join(options.dir, outboxFileName(now, mail.to));
      const write = () => writeFile(file, raw, { mode: 0o600 });
      // The folder is made when a write finds it missing, not checked before every mail.
      await write().catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        await mkdir(options.dir, { recursive: true });
        await write();
      });
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log(`mail to ${mail.to}: "${mail.subject}" -> ${file}${links.map((l) => `\n  link: ${l}`).join('')}`);
    },
  };
};

/** `<ISO time>-<recipient>.eml`, safe on every filesystem, sorted by time in a listing. */
export const outboxFileName = (at: Date, to: string): string => {
  const time = at.toISOString().replace(/[:.]/g, '-');
  const recipient = to.toLowerCase().replace(/[^a-z0-9@._+-]/g, '_').slice(0, 100);
  const unique = Math.random().toString(36).slice(2, 8);
  return `${time}-${recipient}-${unique}.eml`;
};

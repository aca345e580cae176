import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mail, Mailer } from '#domain/mail/mailer.ts';
import { mimeComposer } from './mime-message.ts';

/** How a message reaches the disk; tests hand in one that fails like a full disk. */
export type WriteMessageFile = (file: string, raw: string) => Promise<void>;

const writeMessageFile: WriteMessageFile = (file, raw) => writeFile(file, raw, { mode: 0o600 });

/**
 * The zero-setup default: every message becomes an .eml file under `dir` (openable by any mail
 * client) and its links are logged, so sign-up verification and password reset work offline.
 */
export const createOutboxMailer = (options: {
  dir: string;
  from: string;
  log?: (line: string) => void;
  write?: WriteMessageFile;
}): Mailer => {
  // The exact RFC 5322 message SMTP would have sent.
  const message = mimeComposer(options.from);
  const log = options.log ?? ((line: string) => console.log(line));
  const write = options.write ?? writeMessageFile;
  return {
    async send(mail: Mail) {
      const now = new Date();
      const raw = message.compose(mail, now);
      const name = outboxFileName(now, mail.to);
      const file = join(options.dir, name);
      // Written under a name no reader takes for a mail (not `.eml`), in the same folder, then
      // renamed: a full disk leaves no half-written .eml behind, only the error, so the mail
      // outbox tries the mail again (docs/email.md, "E-mail").
      const partial = join(options.dir, `.${name}.partial`);
      const writeAndRename = async () => {
        try {
          await write(partial, raw);
          await rename(partial, file);
        } catch (error) {
          await unlink(partial).catch(() => undefined);
          throw error;
        }
      };
      // The folder is made when a write finds it missing, not checked before every mail.
      await writeAndRename().catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        await mkdir(options.dir, { recursive: true });
        await writeAndRename();
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

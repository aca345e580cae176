import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Mail, Mailer } from '#domain/mail/mailer.ts';

/** One delivered message as its recipient's side sees it: the RFC 5322 text, and the SMTP envelope if there was one. */
export interface DeliveredMail {
  raw: string;
  envelopeTo?: string[];
}

export interface MailerFixture {
  mailer: Mailer;
  /** Everything delivered since the fixture opened (the outbox's files, what the SMTP peer received). */
  delivered(): Promise<DeliveredMail[]>;
  cleanup(): Promise<void>;
}

export type OpenMailer = () => Promise<MailerFixture>;

/**
 * The one behaviour every Mailer adapter must show; the outbox and SMTP (against a real SMTP peer)
 * run it unchanged, each test with a fresh outbox or peer. Messages are read the way a mail client
 * would (headers unfolded, parts decoded), so the check holds whatever encoding the builder chose.
 */
export function describeMailerContract(name: string, open: OpenMailer): void {
  describe(`Mailer contract: ${name}`, () => {
    let fixture: MailerFixture;

    beforeEach(async () => {
      fixture = await open();
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    // Link tokens are long (JWTs): long enough for the builder to wrap and encode the lines.
    const token = `eyJhbGciOiJIUzI1NiJ9.${'eyJzdWIiOiJ1c2VyLTEyMyIsInB1cnBvc2UiOiJ2ZXJpZnkifQ'.repeat(4)}.abc123-_XYZ`;
    const link = `http://localhost:3000/verifyEmail?token=${token}`;
    const mailTo = (to: string, subject = 'Verify your e-mail for Bulkhead’s shop'): Mail => ({
      to,
      subject,
      text: `Welcome to Bulkhead’s shop.\nOpen ${link} to verify.`,
      html: `<p>Welcome to Bulkhead’s shop.</p><p>Open <a href="${link}">this link</a> to verify.</p>`,
    });

    const deliveredTo = async (to: string) => {
      const all = (await fixture.delivered()).map((delivered) => ({ ...delivered, message: readMessage(delivered.raw) }));
      return all.filter(({ message }) => message.header('to') === to);
    };

    it('delivers a mail to its recipient with its subject, text and HTML parts and its links intact', async () => {
      const mail = mailTo('buyer@example.com');
      await fixture.mailer.send(mail);
      const delivered = await deliveredTo('buyer@example.com');
      expect(delivered).toHaveLength(1);
      const [{ message, envelopeTo }] = delivered as [(typeof delivered)[number]];
      if (envelopeTo) expect(envelopeTo).toEqual(['buyer@example.com']);
      expect(message.header('subject')).toBe(mail.subject);
      expect(message.part('text/plain')).toBe(mail.text);
      expect(message.part('text/html')).toBe(mail.html);
      expect(message.part('text/plain')?.match(/https?:\/\/\S+/g)).toEqual([link]);
      expect(message.part('text/html')).toContain(`href="${link}"`);
    });

    it('delivers each mail to its own recipient only', async () => {
      await fixture.mailer.send(mailTo('buyer@example.com', 'For the buyer'));
      await fixture.mailer.send(mailTo('other@example.com', 'For the other'));
      expect(await fixture.delivered()).toHaveLength(2);
      const buyer = await deliveredTo('buyer@example.com');
      const other = await deliveredTo('other@example.com');
      expect(buyer.map(({ message }) => message.header('subject'))).toEqual(['For the buyer']);
      expect(other.map(({ message }) => message.header('subject'))).toEqual(['For the other']);
      if (other[0]?.envelopeTo) expect(other[0].envelopeTo).toEqual(['other@example.com']);
    });
  });
}

/** A small MIME reader, enough for what nodemailer builds: unfolded headers, encoded words, nested multiparts. */
const readMessage = (raw: string) => {
  const parts: { type: string; text: string }[] = [];
  const root = splitEntity(raw.replace(/\r\n/g, '\n'));
  const walk = (entity: Entity) => {
    const type = entity.headers.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const sections = entity.body.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith('--')) break;
        walk(splitEntity(section.replace(/^\n/, '')));
      }
      return;
    }
    const bytes = decodeBody(entity.body, entity.headers.get('content-transfer-encoding') ?? '7bit');
    parts.push({ type: type.split(';')[0]!.trim().toLowerCase(), text: bytes.toString('utf8').replace(/\r\n/g, '\n').replace(/\n$/, '') });
  };
  walk(root);
  return {
    header: (name: string) => {
      const value = root.headers.get(name.toLowerCase());
      return value === undefined ? undefined : decodeWords(value);
    },
    part: (type: string) => parts.find((part) => part.type === type)?.text,
  };
};

interface Entity {
  headers: Map<string, string>;
  body: string;
}

const splitEntity = (text: string): Entity => {
  const end = text.indexOf('\n\n');
  const head = end === -1 ? text : text.slice(0, end);
  const body = end === -1 ? '' : text.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
};

const decodeQuotedPrintable = (text: string): Buffer =>
  Buffer.from(
    text.replace(/=\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );

const decodeBody = (body: string, encoding: string): Buffer => {
  const trimmed = body.replace(/\n+$/, '');
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(trimmed);
    case 'base64':
      return Buffer.from(trimmed.replace(/\s+/g, ''), 'base64');
    default:
      return Buffer.from(trimmed, 'utf8');
  }
};

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`), as a non-ASCII subject is sent. */
const decodeWords = (value: string): string =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      (kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replace(/_/g, ' '))).toString('utf8'),
    );

import { randomUUID } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import { encodeWords, foldLines, hasLongerLines, isPlainText, quoteString } from 'nodemailer/lib/mime-funcs';
import * as qp from 'nodemailer/lib/qp';
import type { Mail } from '#domain/mail/mailer.ts';

/**
 * The RFC 5322 message both mailers send (docs/email.md, "E-mail"): a multipart/alternative of the
 * plain-text part (as it is, or quoted-printable: readable in the raw message) and the HTML part
 * (base64: one long line of inline styles). Quoted-printable, the encoded words of a non-ASCII
 * subject or sender name and the address parsing are nodemailer's own functions; only the
 * two-part layout is assembled here. nodemailer's composer builds the same message through a
 * chain of streams, about a millisecond of CPU per mail, a fifth of taking an order, on the event
 * loop that takes them (docs/decisions/016-mail-laid-out-from-blocks.md).
 */
export interface MimeComposer {
  /** The envelope's sender: the bare address of `from`. */
  sender: string;
  compose(mail: Mail, at?: Date): string;
}

/** A header value on one line: a CR or LF in it would start a header of its own. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

const header = (name: string, value: string) => foldLines(`${name}: ${value}`, 76);

const encodedText = (value: string) => (isPlainText(value) ? value : encodeWords(value, 'Q', 52));

/**
 * Base64 in lines of 76 characters, as MIME wants. Node encodes natively; nodemailer's wrap
 * matches a regular expression per line, twice the cost of the encoding itself.
 */
const base64Lines = (text: string): string => {
  const encoded = Buffer.from(text, 'utf8').toString('base64');
  const lines: string[] = [];
  for (let start = 0; start < encoded.length; start += 76) lines.push(encoded.slice(start, start + 76));
  return lines.join('\r\n');
};

/** The plain text as it is when it is short lines of ASCII (as nodemailer chooses), else quoted-printable. */
const textPart = (text: string): string[] => {
  const lines = text.replace(/\r?\n/g, '\r\n');
  return isPlainText(lines) && !hasLongerLines(lines, 76)
    ? ['Content-Transfer-Encoding: 7bit', '', lines]
    : ['Content-Transfer-Encoding: quoted-printable', '', qp.wrap(qp.encode(lines), 76)];
};

/** `from`: an address, with or without a display name (`Bulkhead <shop@example.com>`). */
export const mimeComposer = (from: string): MimeComposer => {
  const [parsed] = addressparser(from, { flatten: true });
  const sender = parsed && 'address' in parsed && parsed.address ? parsed.address : from;
  const name = parsed && 'name' in parsed ? parsed.name : '';
  const fromHeader = header('From', name ? `${isPlainText(name) ? quoteString(name) : encodeWords(name, 'Q', 52)} <${sender}>` : sender);
  const domain = sender.slice(sender.lastIndexOf('@') + 1) || 'localhost';

  return {
    sender,
    compose(mail, at = new Date()) {
      const boundary = `bulkhead-${randomUUID()}`;
      return [
        fromHeader,
        header('To', oneLine(mail.to)),
        header('Subject', encodedText(oneLine(mail.subject))),
        `Date: ${at.toUTCString().replace(/GMT$/, '+0000')}`,
        `Message-ID: <${randomUUID()}@${domain}>`,
        'MIME-Version: 1.0',
        'Content-Type: multipart/alternative;',
        ` boundary="${boundary}"`,
        '',
        `--${boundary}`,
        'Content-Type: text/plain; charset=utf-8',
        ...textPart(mail.text),
        `--${boundary}`,
        'Content-Type: text/html; charset=utf-8',
        'Content-Transfer-Encoding: base64',
        '',
        base64Lines(mail.html),
        `--${boundary}--`,
        '',
      ].join('\r\n');
    },
  };
};

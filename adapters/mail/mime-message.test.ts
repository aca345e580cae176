import { describe, expect, it } from 'vitest';
import { mimeComposer } from './mime-message.ts';

const mail = { to: 'buyer@example.com', subject: 'Order received', text: 'Hello\nworld', html: '<p>Hello</p>' };
const headersOf = (raw: string) => raw.slice(0, raw.indexOf('\r\n\r\n')).split('\r\n');

describe('MIME message', () => {
  it('keeps a line break in the subject or the recipient inside its own header', () => {
    const raw = mimeComposer('shop@example.com').compose({ ...mail, to: 'buyer@example.com\r\nBcc: all@example.com', subject: 'Hi\r\nBcc: all@example.com' });
    expect(headersOf(raw).filter((line) => /^bcc:/i.test(line))).toEqual([]);
    expect(raw).toContain('Subject: Hi Bcc: all@example.com');
  });

  it('encodes a non-ASCII subject and sender name as encoded words, and gives the envelope the bare address', () => {
    const composer = mimeComposer('Bulkhead Café <shop@example.com>');
    expect(composer.sender).toBe('shop@example.com');
    const headers = headersOf(composer.compose({ ...mail, subject: 'Reçu: commande' }));
    expect(headers.find((line) => line.startsWith('Subject:'))).toMatch(/^Subject: =\?UTF-8\?Q\?.*\?=/);
    expect(headers.find((line) => line.startsWith('From:'))).toBe('From: Bulkhead =?UTF-8?Q?Caf=C3=A9?= <shop@example.com>');
    expect(headers.find((line) => line.startsWith('Message-ID:'))).toMatch(/^Message-ID: <[\w-]+@example\.com>$/);
  });

  it('writes every line within 78 characters and ends each with CRLF, however long the HTML', () => {
    const raw = mimeComposer('shop@example.com').compose({ ...mail, text: `${'word '.repeat(60)}\nnext`, html: `<p style="${'color:red;'.repeat(500)}">x</p>` });
    expect(raw.split('\r\n').every((line) => line.length <= 78)).toBe(true);
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });
});

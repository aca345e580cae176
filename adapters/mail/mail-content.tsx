// The components one by one: the @react-email/components bundle also loads code highlighting,
// markdown and Tailwind, 22 MB more of every instance's memory for nothing these mails use.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Mail } from '#domain/mail/mailer.ts';
import type { ShopDetails } from '#domain/shared/shop-details.ts';

/**
 * What every Bulkhead e-mail is made of (docs/email.md, "E-mail"): a few kinds of block, written once
 * per mail by order-emails.tsx and quote-emails.tsx and laid out twice from the same blocks, as
 * HTML (React Email components, inline styles only, a table for the lines, as mail clients want)
 * and as the plain-text part. Writing the text from the blocks instead of converting the HTML
 * back to text was half of the cost of a mail, on the event loop that also takes orders.
 */
export interface MailSite {
  shop: ShopDetails;
  /** The public origin links point at, without a trailing slash. */
  appUrl: string;
}

/** One line of an order or a quote: the item and its SKU, then one value per further column. */
export interface ItemRow {
  item: string;
  sku: string;
  values: string[];
}

export type MailBlock =
  | { kind: 'title'; text: string }
  | { kind: 'paragraph'; text: string }
  /** `columns` name the values after the item; `total` is the last row, its value under the last column. */
  | { kind: 'items'; columns: string[]; rows: ItemRow[]; total: { label: string; value: string } | null }
  /** Labelled values; a null value leaves its label out. */
  | { kind: 'facts'; facts: [string, string | null][] }
  | { kind: 'action'; label: string; href: string };

export interface MailContent {
  to: string;
  subject: string;
  /** The line clients show beside the subject. */
  preview: string;
  blocks: MailBlock[];
}

const colors = { ink: '#111827', muted: '#4b5563', line: '#e5e7eb', brand: '#1d4ed8' };
const cell = { padding: '6px 8px', borderBottom: `1px solid ${colors.line}`, fontSize: '14px', color: colors.ink, verticalAlign: 'top' } as const;
// Quantities may wrap ("2,000 boxes / of 50"), so a quote's five columns still fit a phone; prices have no space to break at.
const numeric = { ...cell, textAlign: 'right' } as const;

const Items = ({ columns, rows, total }: Extract<MailBlock, { kind: 'items' }>) => (
  <Section>
    <table width="100%" cellPadding={0} cellSpacing={0} role="presentation" style={{ borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          <th style={{ ...cell, textAlign: 'left' }}>Item</th>
          {columns.map((column) => (
            <th key={column} style={numeric}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={`${row.sku}-${index}`}>
            <td style={cell}>
              {row.item}
              <br />
              <span style={{ color: colors.muted, fontSize: '12px' }}>SKU {row.sku}</span>
            </td>
            {row.values.map((value, column) => (
              <td key={columns[column]} style={numeric}>
                {value}
              </td>
            ))}
          </tr>
        ))}
        {total ? (
          <tr>
            <td style={{ ...cell, fontWeight: 700 }} colSpan={columns.length}>
              {total.label}
            </td>
            <td style={{ ...numeric, fontWeight: 700 }}>{total.value}</td>
          </tr>
        ) : null}
      </tbody>
    </table>
  </Section>
);

const Block = ({ block }: { block: MailBlock }) => {
  switch (block.kind) {
    case 'title':
      return (
        <Heading as="h1" style={{ fontSize: '22px', color: colors.ink }}>
          {block.text}
        </Heading>
      );
    case 'paragraph':
      return <Text style={{ fontSize: '14px', color: colors.ink }}>{block.text}</Text>;
    case 'items':
      return <Items {...block} />;
    case 'facts':
      return (
        <Section style={{ margin: '16px 0' }}>
          {block.facts.flatMap(([label, value]) =>
            value === null ? [] : [
              <Text key={label} style={{ fontSize: '14px', color: colors.ink, margin: '0 0 4px', whiteSpace: 'pre-line' }}>
                <strong>{label}:</strong> {value}
              </Text>,
            ],
          )}
        </Section>
      );
    case 'action':
      return (
        <Section style={{ margin: '20px 0' }}>
          <Button href={block.href} style={{ backgroundColor: colors.brand, color: '#ffffff', padding: '10px 18px', borderRadius: '6px', fontSize: '14px', fontWeight: 600 }}>
            {block.label}
          </Button>
        </Section>
      );
  }
};

const footerOf = (shop: ShopDetails) => `${shop.name} · ${shop.addressLines.join(', ')} · ${shop.email}`;

const Layout = ({ content, site }: { content: MailContent; site: MailSite }) => (
  <Html lang="en">
    <Head />
    <Preview>{content.preview}</Preview>
    <Body style={{ backgroundColor: '#f3f4f6', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' }}>
      <Container style={{ backgroundColor: '#ffffff', maxWidth: '600px', padding: '24px', borderRadius: '8px' }}>
        <Text style={{ fontSize: '18px', fontWeight: 700, color: colors.ink, margin: '0 0 16px' }}>{site.shop.name}</Text>
        {content.blocks.map((block, index) => (
          <Block key={index} block={block} />
        ))}
        <Hr style={{ borderColor: colors.line, margin: '24px 0 12px' }} />
        <Text style={{ fontSize: '12px', color: colors.muted, margin: 0 }}>{footerOf(site.shop)}</Text>
      </Container>
    </Body>
  </Html>
);

/** The plain-text layout of a block: each line of the items with its values labelled beneath. */
const textOf = (block: MailBlock): string => {
  switch (block.kind) {
    case 'title':
    case 'paragraph':
      return block.text;
    case 'items': {
      const rows = block.rows.map(
        (row) =>
          `${row.item} (SKU ${row.sku})\n  ${row.values.flatMap((value, column) => (value ? [`${block.columns[column]}: ${value}`] : [])).join(' · ')}`,
      );
      return [...rows, ...(block.total ? [`${block.total.label}: ${block.total.value}`] : [])].join('\n');
    }
    case 'facts':
      // A value of several lines (an address, a note) keeps them, indented under its label.
      return block.facts.flatMap(([label, value]) => (value === null ? [] : [`${label}: ${value.replace(/\n/g, '\n  ')}`])).join('\n');
    case 'action':
      return `${block.label}: ${block.href}`;
  }
};

/** What React Email's render() puts first, for the clients that look at it. */
const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The HTML of `content` as React renders it, in one synchronous step (React Email's own render()
 * streams and renders twice, several times the CPU). Mails are laid out through htmlOf, which
 * gives the same HTML (mail-content.test.ts holds it to this).
 */
export const renderMailHtml = (content: MailContent, site: MailSite): string => `${DOCTYPE}${renderToStaticMarkup(<Layout content={content} site={site} />)}`;

// A mail's HTML is the same for every mail of its shape (its blocks, rows and facts given) but for
// the strings in it. So React lays out each shape once, with a numbered marker for each string;
// every mail of that shape then puts its strings, escaped as React escapes them, between the
// markers' pieces. Rendering took most of a confirmation's CPU on the event loop that takes orders.
// The preview line is padded (and cut) by React Email to a fixed length, so its length is part
// of the shape: it is laid out as a run of as many PREVIEW_CHARs, which says how much of it shows.
const markerOf = (slot: string | number) => `\u0001${slot}\u0001`;
const MARKERS = /\u0001(\d+|p\d+)\u0001/;
const PREVIEW_CHAR = '\u0002';
/** Shapes kept per site (a shape with 100 lines is about 90 kB); the oldest goes first. */
const MAX_SHAPES = 100;

/**
 * The shape of `content`: its blocks with each string (but the blocks' kinds) replaced by a
 * marker, those strings in marker order, and the preview as a run of PREVIEW_CHARs. The recipient
 * and subject are not in the HTML, so they are left out of the shape.
 */
const withMarkers = (content: MailContent): { shape: MailContent; strings: string[] } => {
  const strings: string[] = [];
  const mark = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string') return key === 'kind' ? value : markerOf(strings.push(value) - 1);
    if (Array.isArray(value)) return value.map((item) => mark(item));
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, mark(item, name)]));
    return value;
  };
  const blocks = mark(content.blocks) as MailBlock[];
  return { shape: { to: '', subject: '', preview: PREVIEW_CHAR.repeat(content.preview.length), blocks }, strings };
};

/** As React escapes text and attribute values (react-dom's escapeTextForBrowser). */
const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const escapeHtml = (text: string) => text.replace(/["&'<>]/g, (char) => ESCAPES[char]!);

/** Per site, each shape's HTML split at its markers: static pieces at even indexes, the marker's slot between them. */
const shapesOf = new WeakMap<MailSite, Map<string, string[]>>();

const htmlOf = (content: MailContent, site: MailSite): string => {
  const { shape, strings } = withMarkers(content);
  const key = JSON.stringify(shape);
  let shapes = shapesOf.get(site);
  if (!shapes) shapesOf.set(site, (shapes = new Map()));
  let pieces = shapes.get(key);
  if (!pieces) {
    pieces = renderMailHtml(shape, site)
      .replace(/\u0002+/, (run) => markerOf(`p${run.length}`))
      .split(MARKERS);
    if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
    shapes.set(key, pieces);
  }
  let html = pieces[0]!;
  for (let index = 1; index < pieces.length; index += 2) {
    const slot = pieces[index]!;
    html += escapeHtml(slot.startsWith('p') ? content.preview.slice(0, Number(slot.slice(1))) : strings[Number(slot)]!) + pieces[index + 1];
  }
  return html;
};

/** The e-mail of `content`, with an HTML and a plain-text part. */
export const composeMail = (content: MailContent, site: MailSite): Mail => {
  const paragraphs = [site.shop.name, ...content.blocks.filter((block) => block.kind !== 'facts' || block.facts.some(([, value]) => value !== null)).map(textOf)];
  const text = `${paragraphs.join('\n\n')}\n\n-- \n${footerOf(site.shop)}\n`;
  return { to: content.to, subject: content.subject, html: htmlOf(content, site), text };
};

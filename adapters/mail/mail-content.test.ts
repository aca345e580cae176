import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP } from '../documents/pdf-order-documents.ts';
import { composeMail, renderMailHtml, type MailBlock, type MailContent } from './mail-content.tsx';

const site = { shop: DEFAULT_SHOP, appUrl: 'https://shop.example.com' };
const tricky = `Tom's "best" <b>bolts</b> & nuts — Ünïcödé 🔩 \u0001 0 \u0001`;

const contentOf = (blocks: MailBlock[], preview = 'Short preview'): MailContent => ({ to: 'ada@example.com', subject: 'Subject', preview, blocks });
const items = (rows: number, text = 'Hex nut M8'): MailBlock => ({
  kind: 'items',
  columns: ['Quantity', 'Unit price', 'Total'],
  rows: Array.from({ length: rows }, (_, row) => ({ item: `${text} ${row}`, sku: `SKU-${row}`, values: [`${row + 1}00 pieces`, '$0.12', `$${row + 1}2.00`] })),
  total: { label: 'Order total', value: '$524.00' },
});

const contents: MailContent[] = [
  contentOf([{ kind: 'title', text: 'Thank you' }, { kind: 'paragraph', text: 'Hello Ada' }, items(3), { kind: 'facts', facts: [['Order number', 'BH-2026-000001'], ['PO', null], ['Ship to', '1 Road\nTown']] }, { kind: 'action', label: 'Pay now', href: 'https://shop.example.com/pay/1?a=1&b=2' }]),
  contentOf([{ kind: 'title', text: tricky }, { kind: 'paragraph', text: tricky }, items(1, tricky), { kind: 'facts', facts: [[tricky, tricky]] }, { kind: 'action', label: tricky, href: `https://shop.example.com/${encodeURIComponent(tricky)}` }], tricky),
  contentOf([{ kind: 'paragraph', text: '' }, { kind: 'items', columns: ['Quantity'], rows: [{ item: '', sku: '', values: [''] }], total: null }, { kind: 'facts', facts: [['Nothing', null]] }], ''),
  contentOf([items(40)], 'A preview longer than React Email pads: '.repeat(6)),
];

describe('mail layout', () => {
  it.each(contents.map((content, index) => [index, content] as const))('lays out content %i exactly as React renders it, the first time and from its kept shape', (_, content) => {
    const expected = renderMailHtml(content, site);
    expect(composeMail(content, site).html).toBe(expected);
    expect(composeMail(content, site).html).toBe(expected);
  });

  it('puts each mail of one shape in its own strings, escaped, never another mail’s', () => {
    const first = composeMail(contentOf([{ kind: 'title', text: 'First <mail>' }]), site).html;
    const second = composeMail(contentOf([{ kind: 'title', text: 'Second & last' }]), site).html;
    expect(first).toContain('First &lt;mail&gt;');
    expect(first).not.toContain('Second');
    expect(second).toContain('Second &amp; last');
    expect(second).not.toContain('First');
    expect(second).not.toContain('\u0001');
  });

  it('lays out another site with its own name and footer', () => {
    const other = { shop: { ...DEFAULT_SHOP, name: 'Other & Sons' }, appUrl: 'https://other.example.com' };
    const [content] = contents;
    expect(composeMail(content!, other).html).toBe(renderMailHtml(content!, other));
    expect(composeMail(content!, other).html).toContain('Other &amp; Sons');
  });
});

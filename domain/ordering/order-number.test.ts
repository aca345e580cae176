import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber, formatOrderNumber, numberingYear, orderNumberTail, parseInvoiceNumber, parseOrderNumber, reversedText } from './order-number.ts';

describe('order and invoice numbers', () => {
  it.each([
    [2026, 123, 'BH-2026-000123', 'INV-2026-000123'],
    [2026, 1, 'BH-2026-000001', 'INV-2026-000001'],
    [2027, 999_999, 'BH-2027-999999', 'INV-2027-999999'],
    [2027, 1_000_000, 'BH-2027-1000000', 'INV-2027-1000000'],
  ])('%i #%i -> %s, %s, and back', (year, sequence, order, invoice) => {
    expect(formatOrderNumber(year, sequence)).toBe(order);
    expect(formatInvoiceNumber(year, sequence)).toBe(invoice);
    expect(parseOrderNumber(order)).toEqual({ year, sequence });
    expect(parseInvoiceNumber(invoice)).toEqual({ year, sequence });
  });

  it('reads a number as typed into a search box, and nothing else', () => {
    expect(parseOrderNumber(' bh-2026-000123 ')).toEqual({ year: 2026, sequence: 123 });
    for (const text of ['BH-2026-123', 'BH-26-000123', 'INV-2026-000123', 'BH-2026-000000', 'BH-2026-000123x', '', 'M8-NUT']) {
      expect(parseOrderNumber(text)).toBeNull();
    }
    expect(parseInvoiceNumber('BH-2026-000123')).toBeNull();
  });

  it.each([
    [2026, 0],
    [2026, -5],
    [2026, 1.5],
    [26, 1],
    [Number.NaN, 1],
  ])('refuses year %s, sequence %s', (year, sequence) => {
    expect(() => formatOrderNumber(year, sequence)).toThrow(RangeError);
    expect(() => formatInvoiceNumber(year, sequence)).toThrow(RangeError);
  });

  it('numbers by the UTC year', () => {
    expect(numberingYear(new Date('2026-12-31T23:59:59Z'))).toBe(2026);
    expect(numberingYear(new Date('2027-01-01T00:00:00Z'))).toBe(2027);
  });
});

describe('orderNumberTail and reversedText', () => {
  it('reads any end of a number as typed, and nothing that cannot be one', () => {
    expect(['000001', ' 2026-000001 ', 'bh-2026-000001'].map(orderNumberTail)).toEqual(['000001', '2026-000001', 'BH-2026-000001']);
    expect([orderNumberTail('ada@example.com'), orderNumberTail(''), orderNumberTail('PO 88')]).toEqual([null, null, null]);
  });

  it('turns a tail into the start of the reversed number', () => {
    expect(reversedText('BH-2026-000001')).toBe('100000-6202-HB');
    expect(reversedText('BH-2026-000001').startsWith(reversedText('2026-000001'))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { StockedTerms } from '../catalog/product-terms.ts';
import { orderTotals, priceOrder, priceOrderLine, type OrderableProduct } from './order-lines.ts';
import {
  checkOrderDetails,
  checkOrderLines,
  checkOrderLinesShape,
  orderLinesError,
  shortLines,
  type OrderLineRequest,
} from './order-lines-request.ts';

const product = (id: string, terms: Partial<StockedTerms> = {}): OrderableProduct => ({
  id,
  sku: id.toUpperCase(),
  name: `Part ${id}`,
  imageUrl: `https://img.example/${id}.png`,
  description: `About part ${id}`,
  unit: 'piece',
  priceCents: 120,
  minOrderQuantity: 100,
  packSize: 1,
  priceTiers: [],
  stock: 10_000,
  ...terms,
});

// "100+ $1.20, 500+ $0.98, 1,000+ $0.85"
const bolts = product('bolt', { priceTiers: [{ minQuantity: 500, unitPriceCents: 98 }, { minQuantity: 1000, unitPriceCents: 85 }] });
const washers = product('washer', { priceCents: 30, minOrderQuantity: 500, packSize: 250, stock: 1_000 });
const tape = product('tape', { priceCents: 250 });

describe('order totals from tiers per line', () => {
  it('prices each line at its own tier and adds them up', () => {
    const { lines, totals } = priceOrder([
      { product: bolts, quantity: 1000 },
      { product: washers, quantity: 750 },
      { product: tape, quantity: 100 },
    ]);
    expect(lines.map((line) => [line.sku, line.quantity, line.unitPriceCents, line.lineTotalCents])).toEqual([
      ['BOLT', 1000, 85, 85_000],
      ['WASHER', 750, 30, 22_500],
      ['TAPE', 100, 250, 25_000],
    ]);
    expect(totals).toEqual({ lineCount: 3, itemCount: 1850, totalCents: 132_500 });
  });

  it.each([
    [499, 120],
    [500, 98],
    [999, 98],
    [1000, 85],
  ])('a line of %i bolts costs %i cents each', (quantity, unit) => {
    expect(priceOrderLine(bolts, quantity)).toEqual({
      productId: 'bolt',
      sku: 'BOLT',
      productName: 'Part bolt',
      productImageUrl: 'https://img.example/bolt.png',
      productDescription: 'About part bolt',
      unit: 'piece',
      quantity,
      unitPriceCents: unit,
      listUnitPriceCents: unit,
      lineTotalCents: quantity * unit,
    });
  });

  it("keeps the list price beside a company's price for the same quantity", () => {
    const theirs = { ...bolts, priceCents: 100, priceTiers: [{ minQuantity: 500, unitPriceCents: 80 }] };
    expect(priceOrderLine(theirs, 600, bolts)).toMatchObject({ unitPriceCents: 80, listUnitPriceCents: 98, lineTotalCents: 600 * 80 });
    expect(priceOrderLine(theirs, 200, bolts)).toMatchObject({ unitPriceCents: 100, listUnitPriceCents: 120 });
  });

  it('refuses a total it cannot count exactly', () => {
    const line = { quantity: 10_000_000, lineTotalCents: 1e15 };
    expect(orderTotals(Array.from({ length: 100 }, () => line))).toBeNull();
    expect(orderTotals([])).toEqual({ lineCount: 0, itemCount: 0, totalCents: 0 });
  });
});

const catalogue = new Map<string, StockedTerms>([bolts, washers, tape].map((p) => [p.id, p]));
const lines = (...pairs: [string, number][]): OrderLineRequest[] => pairs.map(([productId, quantity]) => ({ productId, quantity }));

describe('checkOrderLines', () => {
  it('accepts 1 to 100 distinct lines that meet each product’s terms', () => {
    expect(checkOrderLines(lines(['bolt', 500], ['washer', 750], ['tape', 100]), catalogue)).toEqual([]);
    const hundred = new Map(Array.from({ length: 100 }, (_, i) => [`p${i}`, product(`p${i}`)]));
    expect(checkOrderLines(lines(...[...hundred.keys()].map((id): [string, number] => [id, 100])), hundred)).toEqual([]);
  });

  it('refuses no lines and 101 lines', () => {
    expect(orderLinesError(checkOrderLinesShape([]))).toEqual({
      code: 'VALIDATION_FAILED',
      fields: { lines: { rule: 'orderLines', failure: { code: 'NO_LINES' } } },
    });
    const many = lines(...Array.from({ length: 101 }, (_, i): [string, number] => [`p${i}`, 100]));
    expect(orderLinesError(checkOrderLinesShape(many)).fields).toEqual({ lines: { rule: 'orderLines', failure: { code: 'TOO_MANY_LINES', max: 100 } } });
  });

  it('before reading products: repeated products and quantities that are not whole numbers, by line', () => {
    const failures = checkOrderLinesShape(lines(['bolt', 500], ['tape', 100], ['bolt', 100], ['tape', 100.5], ['washer', -500], ['washer', 1e9]));
    expect(failures.map(({ field, failure }) => [field, failure])).toEqual([
      ['lines.2.productId', { code: 'DUPLICATE_PRODUCT', firstIndex: 0 }],
      ['lines.3.productId', { code: 'DUPLICATE_PRODUCT', firstIndex: 1 }],
      ['lines.3.quantity', { code: 'NOT_WHOLE_NUMBER' }],
      ['lines.4.quantity', { code: 'NOT_WHOLE_NUMBER' }],
      ['lines.5.productId', { code: 'DUPLICATE_PRODUCT', firstIndex: 4 }],
      ['lines.5.quantity', { code: 'NOT_WHOLE_NUMBER' }],
    ]);
    expect(orderLinesError(failures)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'lines.2.productId': { rule: 'orderLines', failure: { code: 'DUPLICATE_PRODUCT', firstIndex: 0 } }, 'lines.3.quantity': { rule: 'orderLines', failure: { code: 'NOT_WHOLE_NUMBER' } } },
    });
  });

  it('against the products: unknown product, minimum, packs and stock, each line named', () => {
    const failures = checkOrderLines(lines(['tape', 99], ['washer', 600], ['gone', 100], ['bolt', 20_000], ['other', 5]), catalogue);
    expect(orderLinesError(failures)).toEqual({
      code: 'VALIDATION_FAILED',
      fields: {
        'lines.0.quantity': { rule: 'orderLines', failure: { code: 'BELOW_MINIMUM', minimum: 100 } },
        'lines.1.quantity': { rule: 'orderLines', failure: { code: 'NOT_A_PACK_MULTIPLE', packSize: 250 } },
        'lines.2.productId': { rule: 'orderLines', failure: { code: 'UNKNOWN_PRODUCT' } },
        'lines.3.quantity': { rule: 'orderLines', failure: { code: 'ABOVE_STOCK', available: 10_000 } },
        'lines.4.productId': { rule: 'orderLines', failure: { code: 'UNKNOWN_PRODUCT' } },
      },
      unknownProducts: ['lines.2.productId', 'lines.4.productId'],
    });
  });

  it('stock as the only problem is a 409 naming each short line and what is available', () => {
    const error = orderLinesError(checkOrderLines(lines(['tape', 100], ['bolt', 20_000], ['washer', 1_250]), catalogue));
    expect(error).toEqual({
      code: 'INSUFFICIENT_STOCK',
      fields: { 'lines.1.quantity': { rule: 'orderLines', failure: { code: 'ABOVE_STOCK', available: 10_000 } }, 'lines.2.quantity': { rule: 'orderLines', failure: { code: 'ABOVE_STOCK', available: 1_000 } } },
    });
    expect(orderLinesError(shortLines([{ index: 2, available: 40 }]))).toEqual({
      code: 'INSUFFICIENT_STOCK',
      fields: { 'lines.2.quantity': { rule: 'orderLines', failure: { code: 'ABOVE_STOCK', available: 40 } } },
    });
  });

  it('refuses an order whose total cannot be counted exactly', () => {
    const dear = new Map(Array.from({ length: 100 }, (_, i) => [`p${i}`, product(`p${i}`, { priceCents: 100_000_000, stock: 10_000_000 })]));
    const failures = checkOrderLines(lines(...[...dear.keys()].map((id): [string, number] => [id, 10_000_000])), dear);
    expect(failures).toEqual([{ field: 'lines', failure: { code: 'TOTAL_TOO_LARGE' } }]);
    expect(orderLinesError(failures).code).toBe('VALIDATION_FAILED');
  });
});

describe('checkOrderDetails', () => {
  const details = { phone: '+1 (555) 010-2030', address: ' 1 Dock Road, Leeds ' };

  it('normalises phone and address; an empty PO number or note is none', () => {
    expect(checkOrderDetails({ ...details, poNumber: '  ', note: '' })).toEqual({
      ok: true,
      value: { phone: '+15550102030', address: '1 Dock Road, Leeds', poNumber: null, note: null },
    });
    expect(checkOrderDetails({ ...details, poNumber: ' PO-4471 ', note: ' Deliver to gate 3 ' })).toMatchObject({
      ok: true,
      value: { poNumber: 'PO-4471', note: 'Deliver to gate 3' },
    });
  });

  it('a PO number of 40 characters and a note of 500 pass; one more does not', () => {
    expect(checkOrderDetails({ ...details, poNumber: 'P'.repeat(40), note: 'n'.repeat(500) }).ok).toBe(true);
    expect(checkOrderDetails({ ...details, poNumber: 'P'.repeat(41), note: 'n'.repeat(501) })).toEqual({
      ok: false,
      error: { poNumber: { rule: 'tooLong', max: 40 }, note: { rule: 'tooLong', max: 500 } },
    });
  });

  it('keeps the phone and address rules of every order', () => {
    expect(checkOrderDetails({ phone: 'call me', address: '' })).toEqual({
      ok: false,
      error: { phone: { rule: 'phoneNotDigits' }, address: { rule: 'addressRequired' } },
    });
  });
});

/**
 * fast-check arbitraries for input the API must refuse: values that are wrong for a field
 * whatever the rest of the request says, and junk for everything else (unicode, huge strings,
 * prototype-pollution keys, numbers of every shape).
 */
import fc from 'fast-check';
import { MAX_PRICE_CENTS } from '#domain/catalog/manage-catalog.ts';
import { PRODUCT_SORTS } from '#domain/catalog/product-search.ts';
import { MAX_QUERY_LENGTH } from '#domain/catalog/search-terms.ts';
import { SKU_MAX_LENGTH } from '#domain/catalog/sku.ts';
import { MAX_ATTRIBUTE_NAME_LENGTH, MAX_ATTRIBUTE_VALUE_LENGTH, MAX_TERM_QUANTITY } from '#domain/catalog/product-terms-rules.ts';
import { messages } from '#http/messages.ts';
import { MAX_CONTRACT_PRICES } from '#domain/companies/company.ts';
import { MAX_ORDER_LINES, MAX_ORDER_NOTE_LENGTH, MAX_PO_NUMBER_LENGTH } from '#domain/ordering/order-lines-request.ts';

/** Strings a careless server chokes on: control and bidi characters, traversal, markup, injection, percent junk. */
const nastyStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\t\n\r',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%',
  '%zz',
  '%E0%A4%A',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  '\u202eevil',
  '\uD800',
  '🔧'.repeat(300),
  'null',
  'NaN',
  '-1',
  '1e309',
);

export const junkString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  nastyStrings,
  // Huge, but generated cheaply: a repeated character rather than thousands of random ones.
  fc.tuple(fc.constantFrom('a', 'é', '𝔘', ' '), fc.integer({ min: 300, max: 20_000 })).map(([char, n]) => char.repeat(n)),
);

/**
 * Junk without control characters or lone surrogates: the edge refuses those in every query
 * parameter and body field before a route reads them (docs/security.md), so properties that
 * judge a route's own message for a field use this.
 */
export const storableJunkString = junkString.filter((text) => !/[\u0000-\u001f\u007f]|\p{Cs}/u.test(text));

export const junkNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(-1, 0, 0.5, -0.0001, 99.999, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1),
);

/** Any JSON value at all, nested a little. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  junkString,
  junkNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(junkString, junkNumber, fc.constant(null)), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(junkString, junkNumber), { maxKeys: 4 }),
);

/** Any JSON value without control characters or lone surrogates (see storableJunkString), nested a little. */
export const storableJunkValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  storableJunkString,
  junkNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(storableJunkString, junkNumber, fc.constant(null)), { maxLength: 5 }),
  fc.dictionary(storableJunkString.filter((key) => key.length <= 8), fc.oneof(storableJunkString, junkNumber), { maxKeys: 4 }),
);

const notAString = fc.oneof(junkNumber, fc.boolean(), fc.constant(null), fc.array(storableJunkString, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), storableJunkString, { maxKeys: 3 }));
const notANumber = fc.oneof(junkString, fc.boolean(), fc.constant(null), fc.array(junkNumber, { maxLength: 3 }), fc.constant({}), fc.constantFrom('100', '1e2', '0x10'));
const blank = fc.constantFrom('', ' ', '\t', '\n  \n', '\u00a0');
const longerThan = (max: number) =>
  fc.tuple(fc.constantFrom('a', 'é', '𝔘', '<'), fc.integer({ min: max + 1, max: max + 2_000 })).map(([char, n]) => char.repeat(n));

/** The product a received-lines body may name rightly: the tests hand it in with `useReceivedProduct`. */
let RECEIVED_PRODUCT = '';
export const useReceivedProduct = (productId: string): void => {
  RECEIVED_PRODUCT = productId;
};

/** What a field is, and so which values are certainly wrong for it. */
export type FieldKind =
  /** `optional`: blank is a fine value (the field may be left empty); `nullable`: so is null. */
  | { kind: 'text'; max: number; optional?: boolean; nullable?: boolean }
  | { kind: 'email' }
  | { kind: 'password' }
  | { kind: 'phone' }
  | { kind: 'url'; optional?: boolean }
  /** `nullable`: null is a fine value (no limit, no threshold). */
  | { kind: 'int'; min: number; max: number; nullable?: boolean }
  /** One of a few words, exactly (a member's role). */
  | { kind: 'choice'; values: readonly string[] }
  /** An id of something that must exist: any made-up string is wrong. */
  | { kind: 'reference' }
  /** A single-use link token: a made-up string is refused. */
  | { kind: 'linkToken' }
  | { kind: 'card' }
  | { kind: 'billing' }
  /** A part number: spaces, other characters, too short or too long are refused (lower case is fine). */
  | { kind: 'sku' }
  /** A product's volume prices, checked against its price (100 in the fixtures), minimum and pack. */
  | { kind: 'tiers' }
  /** A product's specification table. */
  | { kind: 'attributes' }
  /** A category id, or null for none: anything else that does not exist is refused. */
  | { kind: 'category' }
  /** A category's address: lower-case words and digits joined by single hyphens (upper case is lowered; blank makes one from the name). */
  | { kind: 'slug' }
  /** true or false, nothing that merely looks like one. */
  | { kind: 'boolean' }
  /** An order's `lines`: 1–100 `{productId, quantity}` of distinct products that exist. */
  | { kind: 'orderLines' }
  | { kind: 'cartLines' }
  /** A received return's `lines`: 1 or more `{productId, quantity, restock}` of the return's products (docs/orders.md, "After the sale: cancel, refund, return"). */
  | { kind: 'receivedLines' }
  /** A company's contract `prices`: at most 1,000 `{productId, unitPriceCents}` of distinct products that exist, each at least a cent (docs/companies.md, "Company prices"). */
  | { kind: 'contractPrices' };

/** A spec cell the catalogue's rules refuse (docs/catalogue.md, "Catalogue"): not text, blank, too long, or not one plain line. */
const specCellIsWrong = (cell: unknown, max: number) =>
  typeof cell !== 'string' || cell.trim() === '' || cell.trim().length > max || /\p{Cc}/u.test(cell.trim());
const specRowIsWrong = (row: { name: unknown; value: unknown }) =>
  specCellIsWrong(row.name, MAX_ATTRIBUTE_NAME_LENGTH) || specCellIsWrong(row.value, MAX_ATTRIBUTE_VALUE_LENGTH);

export const badValueFor = (field: FieldKind): fc.Arbitrary<unknown> => {
  switch (field.kind) {
    case 'text': {
      const notText = field.nullable ? notAString.filter((value) => value !== null) : notAString;
      return field.optional ? fc.oneof(notText, longerThan(field.max)) : fc.oneof(notText, blank, longerThan(field.max));
    }
    case 'boolean':
      return fc.oneof(junkString, junkNumber, fc.constant(null), fc.constant({}), fc.array(fc.boolean(), { maxLength: 2 }), fc.constantFrom('true', 'false', 0, 1));
    case 'email':
      return fc.oneof(notAString, blank, junkString.map((text) => text.replace(/@/g, '')), fc.constantFrom('a@b', '@example.com', 'a b@example.com'));
    case 'password':
      return fc.oneof(notAString, fc.string({ maxLength: 5 }), longerThan(128));
    case 'phone':
      return fc.oneof(notAString, blank, fc.string({ minLength: 1, maxLength: 30 }).map((text) => `x${text}`), fc.constantFrom('12345', '+', '555-CALL-NOW'));
    case 'url':
      return fc.oneof(notAString, ...(field.optional ? [] : [blank]), fc.constantFrom('javascript:alert(1)', 'data:text/html,<b>x</b>', '//evil.example/x.png', 'ftp://x', 'x'), longerThan(500).map((text) => `/${text}`));
    case 'int':
      return fc.oneof(
        field.nullable ? notANumber.filter((value) => value !== null) : notANumber,
        fc.integer({ max: field.min - 1 }),
        field.max < 2 ** 31 - 2 ? fc.integer({ min: field.max + 1 }) : fc.constant(field.max * 4),
        fc.double({ min: field.min, max: field.max, noNaN: true }).filter((value) => !Number.isInteger(value)),
        fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
      );
    case 'choice':
      return fc.oneof(
        notAString,
        blank,
        junkString.filter((text) => !field.values.includes(text)),
        fc.constantFrom(...field.values.map((value) => value.toUpperCase()), ...field.values.map((value) => ` ${value}x`)),
      );
    case 'reference':
      return fc.oneof(notAString, fc.constant(''), junkString, fc.uuid());
    case 'receivedLines': {
      // One line wrong in every way it can be: a product not on the return, a quantity that is not a whole number of 0 or more, a restock that is not a boolean.
      const wrongLine = fc.oneof(
        fc.record({ productId: fc.oneof(notAString, fc.uuid(), fc.constant('')), quantity: fc.constant(1), restock: fc.constant(true) }),
        fc.record({ productId: fc.constant(RECEIVED_PRODUCT), quantity: fc.oneof(notANumber, fc.integer({ max: -1 }), fc.double({ min: 0.01, max: 5, noNaN: true }).filter((n) => !Number.isInteger(n))), restock: fc.constant(true) }),
        fc.record({ productId: fc.constant(RECEIVED_PRODUCT), quantity: fc.constant(1), restock: fc.oneof(junkString, junkNumber, fc.constant(null)) }),
      );
      return fc.oneof(fc.constant([]), junkString, junkNumber, fc.constant(null), fc.constant({}), fc.array(junkString, { minLength: 1, maxLength: 3 }), wrongLine.map((line) => [line]));
    }
    case 'linkToken':
      return fc.oneof(notAString, blank, junkString, fc.tuple(junkString, junkString).map(([a, b]) => `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(a).toString('base64url')}.${Buffer.from(b).toString('base64url')}`));
    case 'card':
      return fc.oneof(
        notAString,
        fc.record({ number: junkValue, expMonth: junkValue, expYear: junkValue, cvc: junkValue }),
        fc.record({ number: fc.constant('4242424242424242'), expMonth: badValueFor({ kind: 'int', min: 1, max: 12 }), expYear: fc.constant(2099), cvc: fc.constant('123') }),
      );
    case 'billing':
      return fc.oneof(notAString, fc.record({ name: junkValue, email: badValueFor({ kind: 'email' }) }));
    case 'sku':
      return fc.oneof(
        notAString.filter((value) => value !== null),
        fc.constantFrom('M8 NUT', 'x', 'A'.repeat(33), 'M8_NUT', 'NUT#1', '🔩-1', 'ÄB-1', 'M8\nNUT', '"M8"', 'M8*', '(M8)', 'm8 nut'),
        // Letters that upper-case into A–Z (ß → SS, ı → I, ﬀ → FF, ſ → S) are still not A–Z.
        fc.constantFrom('straße', 'ıd-1', 'ﬀ-1', 'ſku-1'),
        longerThan(32),
      );
    case 'tiers': {
      const tier = (minQuantity: unknown, unitPriceCents: unknown) => ({ minQuantity, unitPriceCents });
      return fc.oneof(
        notAString.filter((value) => value !== null && !Array.isArray(value)),
        fc.constant([tier(100, 90)]), // not above the minimum of 100
        fc.constant([tier(500, 90), tier(200, 80)]), // quantities out of order
        fc.constant([tier(200, 80), tier(500, 90)]), // prices rising
        fc.constant([tier(200, 100)]), // not below the regular price
        fc.constant([tier(200.5, 80)]),
        fc.constant([tier('200', 80)]),
        fc.constant(Array.from({ length: 7 }, (_, i) => tier(200 + i * 100, 90 - i))),
        fc.array(fc.record({ minQuantity: junkValue, unitPriceCents: junkValue }), { minLength: 1, maxLength: 3 }),
      );
    }
    case 'attributes':
      return fc.oneof(
        notAString.filter((value) => value !== null && !Array.isArray(value)),
        fc.constant([{ name: '', value: 'M8' }]),
        fc.constant([{ name: 'Thread', value: ' ' }]),
        fc.constant([{ name: 'Thread', value: 'M8' }, { name: 'thread', value: 'M10' }]),
        fc.constant(Array.from({ length: 31 }, (_, i) => ({ name: `N${i}`, value: 'v' }))),
        // Junk rows, at least one of them wrong on its face (junk can be a fine spec by chance: "a" = "b").
        fc.array(fc.record({ name: junkValue, value: junkValue }), { minLength: 1, maxLength: 3 }).filter((rows) => rows.some(specRowIsWrong)),
      );
    case 'category':
      return fc.oneof(notAString.filter((value) => value !== null), fc.constant(''), junkString, fc.uuid());
    case 'orderLines': {
      // No real product id is known here: every line below names a made-up one, or the list is wrong as a whole.
      const madeUp = (count: number) => fc.uniqueArray(fc.uuid(), { minLength: count, maxLength: count });
      return fc.oneof(
        notAString,
        fc.constant([]),
        fc.integer({ min: MAX_ORDER_LINES + 1, max: MAX_ORDER_LINES + 50 }).chain(madeUp).map((ids) => ids.map((productId) => ({ productId, quantity: 100 }))),
        fc.uuid().map((productId) => [{ productId, quantity: 100 }, { productId, quantity: 200 }]),
        fc.array(fc.record({ productId: badValueFor({ kind: 'reference' }), quantity: fc.oneof(junkValue, badLineQuantity) }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.oneof(junkString, junkNumber, fc.constant(null)), { minLength: 1, maxLength: 3 }),
      );
    }
    case 'contractPrices': {
      // No real product id is known here either: a made-up one is wrong however it is priced.
      const badCents = fc.oneof(junkValue, fc.integer({ max: 0 }), fc.double({ min: 0, max: 1e6, noNaN: true }).filter((value) => !Number.isInteger(value)), fc.integer({ min: MAX_PRICE_CENTS + 1 }));
      return fc.oneof(
        notAString,
        fc.integer({ min: MAX_CONTRACT_PRICES + 1, max: MAX_CONTRACT_PRICES + 20 }).map((count) => Array.from({ length: count }, (_, index) => ({ productId: `p-${index}`, unitPriceCents: 100 }))),
        fc.uuid().map((productId) => [{ productId, unitPriceCents: 100 }, { productId, unitPriceCents: 90 }]),
        fc.array(fc.record({ productId: badValueFor({ kind: 'reference' }), unitPriceCents: fc.oneof(junkValue, badCents) }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.oneof(junkString, junkNumber, fc.constant(null)), { minLength: 1, maxLength: 3 }),
        // An empty list is a valid answer here (it removes every contract price), so never a wrong one.
      ).filter((value) => !(Array.isArray(value) && value.length === 0));
    }
    case 'cartLines':
      // A cart may be empty (it is a draft); every other wrong list of lines is wrong for it too.
      return badValueFor({ kind: 'orderLines' }).filter((value) => !(Array.isArray(value) && value.length === 0));
    case 'slug':
      return fc.oneof(
        notAString,
        fc.constantFrom('a b', '-a', 'a-', 'a--b', 'a_b', 'ä', 'über-uns', '🔩', '../x', 'a/b', '%20', 'a.b', 'NUTS & BOLTS'),
        longerThan(60),
      );
  }
};

// ---- the catalogue's query parameters (docs/catalogue.md, "Catalogue")

/** Text that is never a whole number of cents: signs, decimals, exponents, other digits, junk. */
const notCents = fc.oneof(
  fc.integer({ max: -1 }).map(String),
  fc.double({ min: 0, max: 1e6, noNaN: true }).filter((value) => !Number.isInteger(value)).map(String),
  fc.constantFrom('', ' ', '+5', ' 5', '5 ', '1e3', '0x10', '１０', 'NaN', 'Infinity', '-0', '5.', '.5', '1,000', '$5'),
  fc.integer({ min: MAX_PRICE_CENTS + 1 }).map(String),
  junkString.filter((text) => !/^\d{1,12}$/.test(text)),
);

/**
 * One query parameter of `GET /api/products` with a value certainly wrong for it (whatever else
 * the query says), and the field its refusal must name. `unknownCategory` is a slug no category has.
 */
export const badCatalogueParameter = (unknownCategory: fc.Arbitrary<string>): fc.Arbitrary<{ field: string; query: [string, string][] }> =>
  fc.oneof(
    fc
      .oneof(junkString, fc.constantFrom('', 'PRICE-ASC', 'price_asc', 'price', 'cheapest', 'relevance ', 'newest,name'))
      .filter((sort) => !(PRODUCT_SORTS as readonly string[]).includes(sort))
      .map((sort) => ({ field: 'sort', query: [['sort', sort]] as [string, string][] })),
    fc.tuple(fc.constantFrom('minPriceCents', 'maxPriceCents'), notCents).map(([field, value]) => ({ field, query: [[field, value]] as [string, string][] })),
    // A range upside down is refused under its lower end.
    fc
      .tuple(fc.integer({ min: 0, max: MAX_PRICE_CENTS - 1 }), fc.integer({ min: 1, max: MAX_PRICE_CENTS }))
      .filter(([low, gap]) => low + gap <= MAX_PRICE_CENTS)
      .map(([low, gap]) => ({ field: 'minPriceCents', query: [['minPriceCents', String(low + gap)], ['maxPriceCents', String(low)]] as [string, string][] })),
    fc
      .oneof(junkString, fc.constantFrom('', 'TRUE', 'True', 'yes', '1', 'on', 'true ', 'false '))
      .filter((value) => value !== 'true' && value !== 'false')
      .map((value) => ({ field: 'inStock', query: [['inStock', value]] as [string, string][] })),
    longerThan(MAX_QUERY_LENGTH).map((q) => ({ field: 'q', query: [['q', q]] as [string, string][] })),
    fc.oneof(fc.constantFrom('', ' ', '\t'), longerThan(60)).map((brand) => ({ field: 'brand', query: [['brand', brand]] as [string, string][] })),
    fc.oneof(fc.constantFrom('', ' '), unknownCategory, longerThan(100)).map((category) => ({ field: 'category', query: [['category', category]] as [string, string][] })),
    longerThan(1_000).map((cursor) => ({ field: 'cursor', query: [['cursor', cursor]] as [string, string][] })),
  );

/**
 * What a buyer may type into a search box: full-text operators and syntax (quotes, NEAR, `*`, `-`,
 * brackets, column filters), emoji and junk, within the length the search accepts. Every one is words.
 * (Control characters are not typed into a search box: the edge refuses them in every query
 * parameter, docs/security.md.)
 */
export const searchBoxText = fc
  .array(
    fc.oneof(
      fc.constantFrom('"', '""', '"M8"', 'NEAR', 'NEAR(', 'NEAR(nut, 2)', '*', 'nut*', '-', '-nut', '(', ')', '()', 'AND', 'OR', 'NOT', '^', ':', 'name:', 'sku:M8', '{', '}', '+', "'", '\\', '%', '_', ';', '--', '/*'),
      fc.constantFrom('🔩', '🔧', '👩🏽‍🔧', '🇳🇴', 'M8', 'nut', 'bolt', 'Ä', 'ß', 'İ', '日本', '\u202e'),
      fc.string({ maxLength: 6 }),
      fc.string({ unit: 'grapheme', maxLength: 4 }),
    ),
    { maxLength: 24 },
  )
  .chain((words) => fc.constantFrom(' ', '', '+', ',').map((glue) => words.join(glue)))
  .filter((text) => text.length <= MAX_QUERY_LENGTH);

/** A quantity the advice must refuse: not 1–9 plain digits. */
export const badAdviceQuantity = fc.oneof(
  fc.integer({ max: -1 }).map(String),
  fc.double({ min: 0, max: 1e6, noNaN: true }).filter((value) => !Number.isInteger(value)).map(String),
  fc.integer({ min: 1_000_000_000 }).map(String),
  fc.constantFrom('', ' ', '+5', '1e3', '0x10', '１０', 'NaN', '100 ', '1,000'),
  storableJunkString.filter((text) => !/^\d{1,9}$/.test(text)),
);

// ---- an order's lines (docs/orders.md, "Orders, cart, quick order")

/**
 * A line's quantity that is not a whole number of units from 0 to MAX_TERM_QUANTITY, named by
 * kind so each is certainly tried: refused with the line's own 400 before any product is read.
 */
export const badLineQuantities = {
  fractional: fc.double({ min: 0, max: 1e6, noNaN: true }).filter((value) => !Number.isInteger(value)),
  text: fc.oneof(storableJunkString, fc.constantFrom('100', '1e2', '0x64', '100.0', ' 100')),
  huge: fc.oneof(fc.integer({ min: MAX_TERM_QUANTITY + 1 }), fc.constantFrom(1e9, 1e308, Number.MAX_SAFE_INTEGER + 2)),
  negative: fc.integer({ max: -1 }),
  other: fc.constantFrom(true, false, {}, [100]),
};
export const badLineQuantity = fc.oneof(...Object.values(badLineQuantities));

interface OrderLine {
  productId: unknown;
  quantity: unknown;
}

/**
 * One flaw in an otherwise valid order with lines, and the exact refusal it must get: `patch`
 * replaces keys of the valid body, `status`/`code` are the answer and `fields` every field it
 * names. A short line is the one 409 (INSUFFICIENT_STOCK, naming each short line); the rest are
 * 400 VALIDATION_FAILED. `productIds` are real products holding `stock` units each, minimum 100
 * and packs of 1, so the valid lines (100 units each) would go through.
 */
export interface OrderLinesFlaw {
  patch: Record<string, unknown>;
  status: 400 | 409;
  code: 'VALIDATION_FAILED' | 'INSUFFICIENT_STOCK';
  fields: Record<string, string>;
}

export const orderLinesFlaws = (productIds: readonly string[], stock: number): Record<string, fc.Arbitrary<OrderLinesFlaw>> => {
  const validLines = fc.shuffledSubarray([...productIds], { minLength: 1 }).map((ids): OrderLine[] => ids.map((productId) => ({ productId, quantity: 100 })));
  const refused = (patch: Record<string, unknown>, fields: Record<string, string>): OrderLinesFlaw => ({ patch, status: 400, code: 'VALIDATION_FAILED', fields });
  /** Valid lines with line `at` made wrong by `spoil`, refused under `field` of that line. */
  const oneBadLine = <T>(bad: fc.Arbitrary<T>, spoil: (line: OrderLine, value: T) => unknown, part: 'productId' | 'quantity' | null, message: string) =>
    fc.tuple(validLines, bad).chain(([lines, value]) =>
      fc.nat({ max: lines.length - 1 }).map((at) =>
        refused({ lines: lines.map((line, index) => (index === at ? spoil(line, value) : line)) }, { [part === null ? `lines.${at}` : `lines.${at}.${part}`]: message }),
      ),
    );
  const withQuantity = (bad: fc.Arbitrary<unknown>) => oneBadLine(bad, (line, quantity) => ({ ...line, quantity }), 'quantity', messages.quantityNotWhole);
  const flaws: Record<string, fc.Arbitrary<OrderLinesFlaw>> = {
    'no lines': fc.constant(refused({ lines: [] }, { lines: messages.linesRequired })),
    'lines that are not an array': fc
      .oneof(notAString.filter((value) => !Array.isArray(value)), fc.constant({ 0: { productId: productIds[0], quantity: 100 } }))
      .map((lines) => refused({ lines }, { lines: messages.linesRequired })),
    [`more than ${MAX_ORDER_LINES} lines`]: fc
      .integer({ min: MAX_ORDER_LINES + 1, max: MAX_ORDER_LINES + 50 })
      .chain((count) => fc.uniqueArray(fc.uuid(), { minLength: count - productIds.length, maxLength: count - productIds.length }))
      .map((ids) => refused({ lines: [...productIds, ...ids].map((productId) => ({ productId, quantity: 100 })) }, { lines: messages.tooManyLines(MAX_ORDER_LINES) })),
    'a product on two lines': validLines.chain((lines) =>
      fc.nat({ max: lines.length - 1 }).chain((first) =>
        fc.integer({ min: first + 1, max: lines.length }).map((at) => {
          const repeated = [...lines];
          repeated.splice(at, 0, { productId: lines[first]!.productId, quantity: 200 });
          return refused({ lines: repeated }, { [`lines.${at}.productId`]: messages.duplicateLine(first) });
        }),
      ),
    ),
    'a fractional quantity': withQuantity(badLineQuantities.fractional),
    'a quantity as text': withQuantity(badLineQuantities.text),
    'a quantity of 1e9 or beyond the largest stock': withQuantity(badLineQuantities.huge),
    'a negative quantity': withQuantity(badLineQuantities.negative),
    'a quantity that is a boolean, object or array': withQuantity(badLineQuantities.other),
    'a line without productId': oneBadLine(fc.constant(null), (line) => ({ quantity: line.quantity }), 'productId', messages.productNotFound),
    // Made up (a uuid or junk), empty, too long for an id, or not text: no product either way.
    'a productId that names no product': oneBadLine(
      fc.oneof(fc.uuid(), storableJunkString.filter((id) => id.length > 0 && !productIds.includes(id)), fc.constant(''), longerThan(100), notAString),
      (line, productId) => ({ ...line, productId }),
      'productId',
      messages.productNotFound,
    ),
    'a line that is not an object': oneBadLine(fc.oneof(storableJunkString, junkNumber, fc.boolean(), fc.constant(null), fc.constant([productIds[0], 100])), (_, value) => value, null, messages.invalidInput),
    [`a PO number over ${MAX_PO_NUMBER_LENGTH} characters`]: fc
      .oneof(fc.constant('P'.repeat(MAX_PO_NUMBER_LENGTH + 1)), longerThan(MAX_PO_NUMBER_LENGTH))
      .map((poNumber) => refused({ poNumber }, { poNumber: messages.tooLong(MAX_PO_NUMBER_LENGTH) })),
    [`a note over ${MAX_ORDER_NOTE_LENGTH} characters`]: fc
      .oneof(fc.constant('n'.repeat(MAX_ORDER_NOTE_LENGTH + 1)), longerThan(MAX_ORDER_NOTE_LENGTH))
      .map((note) => refused({ note }, { note: messages.tooLong(MAX_ORDER_NOTE_LENGTH) })),
    // The first contract's keys beside lines: which one did the client mean? Neither is ordered.
    'lines beside a productId or quantity': fc
      .oneof(
        fc.record({ productId: fc.oneof(fc.constantFrom(...productIds), fc.uuid(), storableJunkValue) }),
        fc.record({ quantity: fc.oneof(fc.constant(100), storableJunkValue) }),
        fc.record({ productId: fc.constantFrom(...productIds), quantity: fc.constant(100) }),
      )
      .map((keys) => refused(keys, Object.fromEntries(Object.keys(keys).map((key) => [key, messages.linesOrOneProduct])))),
    // Above the stock but a valid quantity otherwise: every short line named, none reserved.
    'lines above the stock': validLines.chain((lines) =>
      fc
        .array(fc.option(fc.integer({ min: stock + 1, max: MAX_TERM_QUANTITY }), { nil: null }), { minLength: lines.length, maxLength: lines.length })
        .filter((extra) => extra.some((quantity) => quantity !== null))
        .map((extra) => ({
          patch: { lines: lines.map((line, index) => ({ ...line, quantity: extra[index] ?? line.quantity })) },
          status: 409,
          code: 'INSUFFICIENT_STOCK',
          fields: Object.fromEntries(extra.flatMap((quantity, index) => (quantity === null ? [] : [[`lines.${index}.quantity`, messages.lineAboveStock(stock)]]))),
        })),
    ),
  };
  // Junk big enough for a 413 is refused before anyone reads it: no field to name then (64 kB of JSON).
  return Object.fromEntries(Object.entries(flaws).map(([name, flaw]) => [name, flaw.filter(({ patch }) => JSON.stringify(patch).length <= 16_000)]));
};

/**
 * A valid part number in any mix of case (stored upper-case): 2–32 of `A–Z a–z 0–9 - . /`, made
 * unique by `prefix` (which the caller keeps unique and of valid characters).
 */
export const mixedCaseSku = (prefix: string) =>
  fc
    .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-./'), minLength: 0, maxLength: SKU_MAX_LENGTH - prefix.length })
    .map((rest) => `${prefix}${rest}`);

/**
 * Volume prices right for a product at `priceCents` from `minimum` (pack of 1), then two
 * neighbouring tiers swapped: the later one's quantity no longer rises. `broken` is its index.
 */
export const tiersOutOfOrder = (priceCents: number, minimum: number) =>
  fc
    .tuple(
      fc.uniqueArray(fc.integer({ min: minimum + 1, max: 1_000_000 }), { minLength: 2, maxLength: 6 }),
      fc.uniqueArray(fc.integer({ min: 1, max: priceCents - 1 }), { minLength: 6, maxLength: 6 }),
    )
    .chain(([quantities, prices]) => {
      const rising = [...quantities].sort((a, b) => a - b);
      const falling = [...prices].sort((a, b) => b - a);
      const tiers = rising.map((minQuantity, index) => ({ minQuantity, unitPriceCents: falling[index]! }));
      return fc.integer({ min: 0, max: tiers.length - 2 }).map((at) => {
        const swapped = [...tiers];
        [swapped[at], swapped[at + 1]] = [swapped[at + 1]!, swapped[at]!];
        return { tiers: swapped, broken: at + 1 };
      });
    });

/** A pack size and a minimum of at least 100 that is not a whole number of those packs. */
export const minimumNotInPacks = fc
  .tuple(fc.integer({ min: 2, max: 1_000 }), fc.integer({ min: 100, max: 100_000 }))
  .filter(([packSize, minimum]) => minimum % packSize !== 0)
  .map(([packSize, minimum]) => ({ packSize, minOrderQuantity: minimum }));

/** Keys that try to smuggle in state or reach the prototype. Servers must ignore them. */
export const smuggledKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'role', 'id', 'userId', 'status', 'priceCents', 'totalCents', 'stock', 'emailVerified', 'sessionVersion', 'isAdmin');

/** Sets a key as an own, enumerable property, so even `__proto__` ends up in the JSON text. */
export const withOwnKeys = (base: Record<string, unknown>, extra: [string, unknown][]) => {
  const body: Record<string, unknown> = { ...base };
  for (const [key, value] of extra) Object.defineProperty(body, key, { value, enumerable: true, configurable: true, writable: true });
  return body;
};

/** Printable ASCII (what an HTTP header can carry), for Idempotency-Key and signature headers. */
export const headerText = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength });

/** encodeURIComponent throws on half a surrogate pair; a URL cannot carry one anyway. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A path segment: encoded unicode and junk, or raw percent-encoding mistakes. */
export const junkSegment = fc.oneof(
  junkString.map((text) => encodeURIComponent(text.slice(0, 3000).replace(LONE_SURROGATE, '\uFFFD'))),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '..', '.', '%2e%2e', '%2F', 'a%2Fb', '%C0%AF', '%FF%FE'),
  fc.uuid(),
);

/** Page sizes a list must refuse: out of 1..100, fractional, or not a number at all. */
export const badLimit = fc.oneof(
  fc.integer({ max: 0 }).map(String),
  fc.integer({ min: 101 }).map(String),
  fc.double({ min: 1, max: 100, noNaN: true }).filter((value) => !Number.isInteger(value)).map(String),
  fc.constantFrom('', ' ', 'abc', 'NaN', 'Infinity', '-0.5', '1e309', '[]', '{}', 'true', 'null', '%', '１０'),
);

/** Bearer tokens that are not ours: junk, JWT-shaped junk and real JWT headers with junk claims. */
export const junkToken = fc.oneof(
  headerText(300).filter((text) => text.trim() !== '' && !/\s/.test(text.trim())).map((text) => text.trim()),
  fc
    .tuple(fc.constantFrom('none', 'HS256', 'RS256', 'HS512', 'ES256'), fc.dictionary(fc.constantFrom('sub', 'sv', 'exp', 'iss', 'aud', 'role'), junkValue), fc.string({ maxLength: 40 }))
    .map(([alg, claims, signature]) =>
      [
        Buffer.from(JSON.stringify({ alg, typ: 'JWT' })).toString('base64url'),
        Buffer.from(JSON.stringify(claims)).toString('base64url'),
        Buffer.from(signature).toString('base64url'),
      ].join('.'),
    ),
);

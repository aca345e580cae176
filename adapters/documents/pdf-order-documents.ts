/**
 * The order papers (docs/orders.md, "Invoices and packing slips") as PDF, drawn with pdfkit: US Letter,
 * one table row per order line, as many pages as the lines need (the table's header is repeated on
 * each page and every page is numbered "Page N of M").
 */
import { readFileSync } from 'node:fs';
import type { Refund } from '#domain/after-sale/after-sale.ts';
import { fileURLToPath } from 'node:url';
import type PdfKit from 'pdfkit';
import type { InvoiceBuyer, InvoicedOrder, OrderDocuments } from '#domain/ordering/order-documents.ts';
import type { Order } from '#domain/ordering/order.ts';
import { formatCents } from '#domain/shared/money.ts';
import { countedUnit, eachOf, unitOfSale } from '#domain/catalog/units.ts';
import type { ShopDetails } from '#domain/shared/shop-details.ts';

/**
 * DejaVu Sans is embedded (pdfkit keeps only the glyphs used): it covers Latin, Greek, Cyrillic and
 * most symbols, which the 14 standard PDF fonts (WinAnsi only) do not, and its ToUnicode map lets
 * the text be read back (copy, search, pdftotext). A character it lacks prints as an empty box,
 * never an error. Read once per process.
 */
const FONT_DIR = fileURLToPath(new URL('./fonts/', import.meta.url));
let fonts: { regular: Buffer; bold: Buffer } | null = null;
const loadFonts = () => (fonts ??= { regular: readFileSync(`${FONT_DIR}DejaVuSans.ttf`), bold: readFileSync(`${FONT_DIR}DejaVuSans-Bold.ttf`) });

/**
 * What the shop allows in a name, an address or a note is any Unicode but control characters; the
 * layout engine is given text without what it cannot place on a line: control and format
 * characters (zero-width joiners, bidi controls), lone surrogates, private-use and unassigned code
 * points are dropped, tabs become spaces, and the text is NFC so accents compose as the font has them.
 * `multiline` keeps line breaks (addresses).
 */
export const printable = (text: string, { multiline = false }: { multiline?: boolean } = {}): string =>
  text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/gu, (char) => (char === '\n' ? (multiline ? '\n' : ' ') : ''))
    .trim();

/** The shop the papers name when no SHOP_* settings are given (the defaults in http/config.ts). */
export const DEFAULT_SHOP: ShopDetails = {
  name: 'Bulkhead Supply Co.',
  addressLines: ['100 Dock Street', 'Portland, OR 97209', 'United States'],
  taxId: null,
  email: 'no-reply@localhost',
  notifyTo: null,
};

const MARGIN = 50;
const FOOTER_HEIGHT = 24;
const FONT_SIZE = 9;
/** The smallest a fact's value is set to keep it on one line. */
const MIN_FACT_SIZE = 6;
const GREY = '#555555';

/** ISO calendar date (UTC), the same in every locale. */
const day = (date: Date | null): string => (date ? date.toISOString().slice(0, 10) : '—');

/** A part of a cell printed struck through (a list price beside the one paid). */
interface Struck {
  struck: string;
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  /** The cell's text; several parts go on lines of their own (each made printable on its own). */
  cell(line: Order['lines'][number]): string | readonly (string | Struck)[];
}

const textOfPart = (part: string | Struck): string => (typeof part === 'string' ? part : part.struck);

type Doc = PDFKit.PDFDocument;
type PdfDocumentClass = typeof PdfKit;

/** pdfkit is loaded with the first paper asked for, as the fonts are: an instance that prints none keeps its memory. */
let pdfKit: Promise<PdfDocumentClass> | undefined;
const loadPdfKit = () => (pdfKit ??= import('pdfkit').then((module) => module.default));

const newDocument = (PDFDocument: PdfDocumentClass, title: string, shop: ShopDetails): Doc => {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_HEIGHT, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: printable(title), Author: printable(shop.name), Creator: 'Bulkhead' },
  });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  doc.font('body').fontSize(FONT_SIZE);
  return doc;
};

/** Ends the document and collects its bytes. */
const finish = (doc: Doc): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    doc.end();
  });

const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const contentBottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** "Page N of M" and the paper's number at the foot of every page, once all pages exist. */
const numberPages = (doc: Doc, label: string) => {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Writing below the bottom margin would start a new page: the margin is lifted meanwhile.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(8)
      .fillColor(GREY)
      .text(`${label} · Page ${index - range.start + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN - 10, {
        width: contentWidth(doc),
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor('black');
};

/** A heading and a block of lines (the first in bold) at (x, y) in a column of the given width; returns the y below it. */
const block = (doc: Doc, heading: string, lines: string[], x: number, y: number, width: number): number => {
  doc.font('bold').fontSize(FONT_SIZE).fillColor(GREY).text(heading.toUpperCase(), x, y, { width });
  doc.fillColor('black');
  lines
    .filter((line) => line !== '')
    .forEach((line, index) => doc.font(index === 0 ? 'bold' : 'body').text(line, x, doc.y, { width }));
  doc.font('body');
  return doc.y;
};

/** Label and value pairs, the labels in grey; returns the y below them. */
const facts = (doc: Doc, rows: [string, string][], x: number, y: number, width: number): number => {
  const labelWidth = 76;
  const valueWidth = width - labelWidth;
  let top = y;
  for (const [label, value] of rows) {
    doc.font('body').fontSize(FONT_SIZE).fillColor(GREY).text(label, x, top, { width: labelWidth });
    // A reference (a payment provider's transaction id) stays whole on its line: a long one is set
    // smaller rather than broken, so it can be read and searched as printed.
    const fits = Math.max(MIN_FACT_SIZE, Math.min(FONT_SIZE, (FONT_SIZE * valueWidth) / Math.max(1, doc.widthOfString(value))));
    doc.fillColor('black').fontSize(fits).text(value, x + labelWidth, top, { width: valueWidth });
    top = Math.max(doc.y, top + doc.fontSize(FONT_SIZE).currentLineHeight(true));
  }
  return top;
};

/**
 * The lines as a table from y down, on as many pages as they need: a row never splits across
 * pages, and each new page repeats the header. Returns the y below the last row.
 */
const linesTable = (doc: Doc, columns: Column[], lines: Order['lines'], startY: number): number => {
  const left = doc.page.margins.left;
  const padding = 4;
  const header = (y: number): number => {
    doc.font('bold').fontSize(FONT_SIZE).fillColor('black');
    const height = Math.max(...columns.map((column) => doc.heightOfString(column.title, { width: column.width - padding * 2 }))) + padding * 2;
    let x = left;
    for (const column of columns) {
      doc.text(column.title, x + padding, y + padding, { width: column.width - padding * 2, align: column.align });
      x += column.width;
    }
    doc
      .moveTo(left, y + height)
      .lineTo(left + contentWidth(doc), y + height)
      .lineWidth(0.8)
      .stroke();
    doc.font('body');
    return y + height;
  };
  let y = header(startY);
  for (const line of lines) {
    const values = columns.map((column) => column.cell(line));
    const cells = values.map((value) => (typeof value === 'string' ? printable(value) : value.map((part) => printable(textOfPart(part))).join('\n')));
    const height =
      Math.max(...cells.map((text, index) => doc.heightOfString(text || ' ', { width: columns[index]!.width - padding * 2 }))) + padding * 2;
    if (y + height > contentBottom(doc)) {
      doc.addPage();
      y = header(doc.page.margins.top);
    }
    let x = left;
    cells.forEach((text, index) => {
      const column = columns[index]!;
      const value = values[index]!;
      const options = { width: column.width - padding * 2, align: column.align };
      if (typeof value === 'string' || value.every((part) => typeof part === 'string')) {
        doc.text(text, x + padding, y + padding, options);
      } else {
        // A struck part is its own line, printed on its own so only it is struck.
        let partY = y + padding;
        for (const part of value) {
          const partText = printable(textOfPart(part)) || ' ';
          doc.text(partText, x + padding, partY, { ...options, strike: typeof part !== 'string' });
          partY += doc.heightOfString(partText, options);
        }
      }
      x += column.width;
    });
    y += height;
    doc
      .moveTo(left, y)
      .lineTo(left + contentWidth(doc), y)
      .lineWidth(0.3)
      .strokeColor('#bbbbbb')
      .stroke()
      .strokeColor('black');
  }
  return y;
};

/** Moves to a new page when `height` more points do not fit below y. */
const room = (doc: Doc, y: number, height: number): number => {
  if (y + height <= contentBottom(doc)) return y;
  doc.addPage();
  return doc.page.margins.top;
};

const title = (doc: Doc, text: string) => {
  doc.font('bold').fontSize(18).text(text, MARGIN, MARGIN, { width: contentWidth(doc), align: 'right' });
  doc.font('body').fontSize(FONT_SIZE);
};

const sellerLines = (shop: ShopDetails): string[] => [
  printable(shop.name),
  ...shop.addressLines.map((line) => printable(line)),
  shop.taxId ? `Tax ID: ${printable(shop.taxId)}` : '',
  printable(shop.email),
];

const quantity = (value: number) => value.toLocaleString('en-US');

const skuColumn = (width: number): Column => ({ title: 'SKU', width, align: 'left', cell: (line) => line.sku });
const nameColumn = (width: number): Column => ({ title: 'Product', width, align: 'left', cell: (line) => line.productName });
// Quantities and prices in the shop's one form (domain/catalog/units.ts): a box of 100 reads
// "box (100 pcs)", its count adds the pieces in all and its price a piece's share.
const quantityColumn: Column = {
  title: 'Quantity',
  width: 72,
  align: 'right',
  cell: (line) => {
    const counted = countedUnit(line.unit);
    return counted ? [quantity(line.quantity), `(${quantity(line.quantity * counted.pieces)} pcs)`] : quantity(line.quantity);
  },
};
const unitColumn: Column = { title: 'Unit', width: 70, align: 'left', cell: (line) => unitOfSale(line.unit) };
const unitPriceColumn: Column = {
  title: 'Unit price',
  width: 72,
  align: 'right',
  cell: (line) => {
    const each = eachOf(line.unitPriceCents, line.unit);
    return each ? [formatCents(line.unitPriceCents), each] : formatCents(line.unitPriceCents);
  },
};

/**
 * The invoice's unit price: the price paid and, for a line a company's terms priced below the
 * list, the list price when ordered struck beneath it (docs/companies.md, "Company prices").
 */
const invoiceUnitPriceColumn: Column = {
  ...unitPriceColumn,
  cell: (line) => {
    const paid = unitPriceColumn.cell(line);
    const parts = typeof paid === 'string' ? [paid] : paid;
    return line.listUnitPriceCents === line.unitPriceCents ? paid : [...parts, { struck: formatCents(line.listUnitPriceCents) }];
  },
};

const NO_BUYER_DETAILS: InvoiceBuyer = { companyName: '', taxNumber: '' };

// The buyer's company leads "Bill to" and its tax/VAT number closes it, when the profile has them
// (docs/orders.md, "Invoices and packing slips").
const billToLines = (order: InvoicedOrder, buyer: InvoiceBuyer): string[] => [
  printable(buyer.companyName),
  printable(order.customerName),
  printable(order.email),
  printable(order.address, { multiline: true }),
  `Phone: ${printable(order.phone)}`,
  buyer.taxNumber.trim() ? `Tax/VAT number: ${printable(buyer.taxNumber)}` : '',
];

const drawInvoice = (PDFDocument: PdfDocumentClass, shop: ShopDetails, order: InvoicedOrder, buyer: InvoiceBuyer): Promise<Uint8Array> => {
  const doc = newDocument(PDFDocument, `Invoice ${order.invoiceNumber}`, shop);
  const width = contentWidth(doc);
  title(doc, 'INVOICE');
  const half = width / 2 - 10;
  const sellerBottom = block(doc, 'Seller', sellerLines(shop), MARGIN, MARGIN + 22, half);
  const factsBottom = facts(
    doc,
    [
      ['Invoice number', order.invoiceNumber],
      ['Order number', order.number],
      ['PO number', printable(order.poNumber ?? '') || '—'],
      ['Order date', day(order.createdAt)],
      ['Paid on', day(order.paidAt)],
      ['Transaction', printable(order.transactionId ?? '') || '—'],
    ],
    MARGIN + width / 2 + 10,
    MARGIN + 34,
    half,
  );
  const buyerTop = Math.max(sellerBottom, factsBottom) + 16;
  const buyerBottom = block(
    doc,
    'Bill to',
    billToLines(order, buyer),
    MARGIN,
    buyerTop,
    half,
  );
  const fixed = 72 + 70 + 72 + 80;
  const skuWidth = 78;
  const columns: Column[] = [
    skuColumn(skuWidth),
    nameColumn(width - fixed - skuWidth),
    quantityColumn,
    unitColumn,
    invoiceUnitPriceColumn,
    { title: 'Line total', width: 80, align: 'right', cell: (line) => formatCents(line.lineTotalCents) },
  ];
  let y = linesTable(doc, columns, order.lines, buyerBottom + 16);
  y = room(doc, y, 40);
  doc
    .font('bold')
    .fontSize(11)
    .text(`Total ${formatCents(order.totalCents)}`, MARGIN, y + 10, { width, align: 'right' });
  doc
    .font('body')
    .fontSize(FONT_SIZE)
    .fillColor(GREY)
    .text(`Paid in full by card on ${day(order.paidAt)}.`, MARGIN, doc.y + 4, { width, align: 'right' })
    .fillColor('black');
  numberPages(doc, order.invoiceNumber);
  return finish(doc);
};

/** A credit note: the invoice's layout, each refunded line and the total as negative amounts. */
const drawCreditNote = (PDFDocument: PdfDocumentClass, shop: ShopDetails, order: InvoicedOrder, refund: Refund): Promise<Uint8Array> => {
  const doc = newDocument(PDFDocument, `Credit note ${refund.number}`, shop);
  const width = contentWidth(doc);
  title(doc, 'CREDIT NOTE');
  const half = width / 2 - 10;
  const sellerBottom = block(doc, 'Seller', sellerLines(shop), MARGIN, MARGIN + 22, half);
  const factsBottom = facts(
    doc,
    [
      ['Credit note', refund.number],
      ['Corrects invoice', order.invoiceNumber],
      ['Order number', order.number],
      ['PO number', printable(order.poNumber ?? '') || '—'],
      ['Date', day(refund.createdAt)],
    ],
    MARGIN + width / 2 + 10,
    MARGIN + 34,
    half,
  );
  const buyerBottom = block(
    doc,
    'Credit to',
    [printable(order.customerName), printable(order.email), printable(order.address, { multiline: true })],
    MARGIN,
    Math.max(sellerBottom, factsBottom) + 16,
    half,
  );
  const reasonBottom = block(doc, 'Reason', [printable(refund.reason, { multiline: true })], MARGIN, buyerBottom + 12, width);
  // The refunded lines as order lines (what the table draws), their amounts given back as negatives.
  const refunded = refund.lines.map((line) => {
    const ordered = order.lines.find((own) => own.productId === line.productId);
    return { ...(ordered ?? order.lines[0]!), productId: line.productId, quantity: line.quantity, lineTotalCents: -line.amountCents };
  });
  const fixed = 62 + 58 + 72 + 80;
  const skuWidth = 90;
  const columns: Column[] = [
    skuColumn(skuWidth),
    nameColumn(width - fixed - skuWidth),
    quantityColumn,
    unitColumn,
    { title: 'Unit price', width: 72, align: 'right', cell: (line) => formatCents(-line.unitPriceCents) },
    { title: 'Amount', width: 80, align: 'right', cell: (line) => formatCents(line.lineTotalCents) },
  ];
  let y = refunded.length > 0 ? linesTable(doc, columns, refunded, reasonBottom + 16) : reasonBottom + 16;
  y = room(doc, y, 40);
  doc
    .font('bold')
    .fontSize(11)
    .text(`Total ${formatCents(-refund.amountCents)}`, MARGIN, y + 10, { width, align: 'right' });
  doc
    .font('body')
    .fontSize(FONT_SIZE)
    .fillColor(GREY)
    .text(`Refunded to the card that paid invoice ${order.invoiceNumber}.`, MARGIN, doc.y + 4, { width, align: 'right' })
    .fillColor('black');
  numberPages(doc, refund.number);
  return finish(doc);
};

const drawPackingSlip = (PDFDocument: PdfDocumentClass, shop: ShopDetails, order: Order): Promise<Uint8Array> => {
  const doc = newDocument(PDFDocument, `Packing slip ${order.number}`, shop);
  const width = contentWidth(doc);
  title(doc, 'PACKING SLIP');
  const half = width / 2 - 10;
  const fromBottom = block(doc, 'Ship from', [printable(shop.name), ...shop.addressLines.map((line) => printable(line))], MARGIN, MARGIN + 22, half);
  const factsBottom = facts(
    doc,
    [
      ['Order number', order.number],
      ['PO number', printable(order.poNumber ?? '') || '—'],
      ['Order date', day(order.createdAt)],
      ['Lines', quantity(order.lines.length)],
      ['Units', quantity(order.itemCount)],
    ],
    MARGIN + width / 2 + 10,
    MARGIN + 34,
    half,
  );
  const toBottom = block(
    doc,
    'Deliver to',
    [printable(order.customerName), printable(order.address, { multiline: true }), `Phone: ${printable(order.phone)}`],
    MARGIN,
    Math.max(fromBottom, factsBottom) + 16,
    half,
  );
  const skuWidth = 110;
  const columns: Column[] = [
    skuColumn(skuWidth),
    nameColumn(width - skuWidth - 72 - 70 - 50),
    quantityColumn,
    unitColumn,
    { title: 'Packed', width: 50, align: 'right', cell: () => '☐' },
  ];
  let y = linesTable(doc, columns, order.lines, toBottom + 16);
  const note = order.note ? printable(order.note, { multiline: true }) : '';
  if (note) {
    y = room(doc, y, 50);
    block(doc, 'Note from the buyer', [note], MARGIN, y + 14, width);
  }
  numberPages(doc, order.number);
  return finish(doc);
};

/** A paper with every kind of text on it: what warmUp() draws. */
const SAMPLE: InvoicedOrder = {
  id: 'warm-up',
  number: 'BH-2000-000000',
  userId: 'warm-up',
  companyId: null,
  approval: null,
  email: 'warm-up@localhost',
  customerName: 'Warm-up',
  lines: [
    { productId: null, sku: 'WARM-UP', productName: 'Warm-up', productImageUrl: '', productDescription: '', unit: 'piece', quantity: 100, unitPriceCents: 1, listUnitPriceCents: 1, lineTotalCents: 100 },
  ],
  itemCount: 100,
  totalCents: 100,
  refundedCents: 0,
  phone: '0',
  address: 'Warm-up',
  poNumber: null,
  note: null,
  status: 'pending',
  transactionId: 'warm-up',
  paymentIntentId: null,
  idempotencyKey: null,
  createdAt: new Date(0),
  paidAt: new Date(0),
  shippedAt: null,
  carrier: null,
  trackingNumber: null,
  invoiceNumber: 'INV-2000-000000',
};

/**
 * Draws one invoice and throws it away. The first paper of a process loads pdfkit and compiles its
 * font code: about 0.7 s during which the event loop runs nothing else, which a buyer's invoice
 * request used to pay for every other request in flight (docs/operations.md, "Logs"). The server does it
 * before it listens.
 */
export const warmUpPdfKit = async (shop: ShopDetails): Promise<void> => {
  await createPdfOrderDocuments(shop).invoice(SAMPLE);
};

/** The papers of the shop described by `shop` (the SHOP_* settings). */
export const createPdfOrderDocuments = (shop: ShopDetails): OrderDocuments => ({
  invoice: async (order, buyer = NO_BUYER_DETAILS) => drawInvoice(await loadPdfKit(), shop, order, buyer),
  creditNote: async (order, refund) => drawCreditNote(await loadPdfKit(), shop, order, refund),
  packingSlip: async (order) => drawPackingSlip(await loadPdfKit(), shop, order),
});

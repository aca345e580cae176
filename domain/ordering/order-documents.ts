import type { Refund } from '../after-sale/after-sale.ts';
import type { Order } from './order.ts';

import type { Profile } from '../identity/user.ts';

/** The buyer's company and tax/VAT number from their profile, printed under "Bill to" when given. */
export type InvoiceBuyer = Pick<Profile, 'companyName' | 'taxNumber'>;

/** A paid order: the only kind that has an invoice. */
export type InvoicedOrder = Order & { invoiceNumber: string };

/**
 * An order's papers as PDF bytes (docs/orders.md, "Invoices and packing slips"); the adapter knows the
 * shop's own details (the `SHOP_*` settings) and the layout, the domain only who may have which.
 */
export interface OrderDocuments {
  /** Seller, buyer, numbers, dates, the payment, lines with prices and the total. */
  invoice(order: InvoicedOrder, buyer?: InvoiceBuyer): Promise<Uint8Array>;
  /**
   * A refund's credit note: like the invoice, with negative amounts, naming the invoice it
   * corrects (docs/orders.md, "After the sale: cancel, refund, return").
   */
  creditNote(order: InvoicedOrder, refund: Refund): Promise<Uint8Array>;
  /** What to pack and where it goes: lines and quantities, the delivery address, no prices. */
  packingSlip(order: Order): Promise<Uint8Array>;
}

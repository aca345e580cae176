import { isAdmin, type User } from '../identity/user.ts';
import { forbidden, notFound, refusal, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { findOrderFor, type FindOrderPorts } from './find-order.ts';
import type { OrderDocuments } from './order-documents.ts';
import type { OrderRepository } from './order-repository.ts';
import type { UserRepository } from '../identity/user-repository.ts';

/** A paper ready to hand out: its bytes and the file name it is saved under. */
export interface OrderPaper {
  fileName: string;
  bytes: Uint8Array;
}

export type OrderInvoicePorts = FindOrderPorts & {
  store: { orders: Pick<OrderRepository, 'issueInvoiceNumber'>; users: Pick<UserRepository, 'findProfile'> };
  documents: Pick<OrderDocuments, 'invoice'>;
};
export type OrderPackingSlipPorts = { store: { orders: Pick<OrderRepository, 'findById'> }; documents: Pick<OrderDocuments, 'packingSlip'> };

/**
 * The invoice of an order, for its owner or an admin (anyone else: the order does not exist). It
 * exists once the order is paid, when the order got its invoice number; before that the refusal
 * says so. An order paid before invoices existed gets its number on the first ask. The buyer's
 * company and tax/VAT number come from the owner's profile as it is when the invoice is drawn.
 */
export const orderInvoice = async (
  ports: OrderInvoicePorts,
  input: { actor: User; orderId: string },
): Promise<Result<OrderPaper, ErrorOf<'NOT_FOUND' | 'ORDER_NOT_PAID'>>> => {
  const { store, documents } = ports;
  const found = await findOrderFor(ports, input);
  if (!found.ok) return found;
  if (found.value.status === 'unpaid') return fail(refusal('ORDER_NOT_PAID'));
  const order = found.value.invoiceNumber === null ? await store.orders.issueInvoiceNumber(found.value.id) : found.value;
  if (!order || order.invoiceNumber === null) return fail(refusal('ORDER_NOT_PAID'));
  const profile = await store.users.findProfile(order.userId);
  const buyer = { companyName: profile?.companyName ?? '', taxNumber: profile?.taxNumber ?? '' };
  const bytes = await documents.invoice({ ...order, invoiceNumber: order.invoiceNumber }, buyer);
  return ok({ fileName: `${order.invoiceNumber}.pdf`, bytes });
};

/** The packing slip of any order, for admins: the warehouse's copy, without prices. */
export const orderPackingSlip = async (
  { store, documents }: OrderPackingSlipPorts,
  input: { actor: User; orderId: string },
): Promise<Result<OrderPaper, ErrorOf<'FORBIDDEN' | 'NOT_FOUND'>>> => {
  if (!isAdmin(input.actor)) return fail(forbidden());
  const order = await store.orders.findById(input.orderId);
  if (!order) return fail(notFound('order'));
  return ok({ fileName: `${order.number}-packing-slip.pdf`, bytes: await documents.packingSlip(order) });
};

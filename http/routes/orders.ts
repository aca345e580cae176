import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { deleteOrder } from '#domain/ordering/delete-order.ts';
import { reorder } from '#domain/ordering/cart.ts';
import { placeOrder } from '#domain/ordering/place-order.ts';
import { orderInvoice } from '#domain/ordering/order-papers.ts';
import { confirmPayment } from '#domain/ordering/confirm-payment.ts';
import { readOrder } from '#domain/ordering/reconcile-payment.ts';
import { startPayment } from '#domain/ordering/start-payment.ts';
import { creditNote, orderAfterSale, requestReturn } from '#domain/after-sale/returns.ts';
import { pageRequest } from '#domain/shared/page.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { requireUser } from '../middleware/session.ts';
import type { AppEnv, AppPorts, HttpSettings } from '../ports.ts';
import { paperResponse } from '../paper-response.ts';
import { problem } from '../problem.ts';
import { refundParamSchema, requestReturnSchema } from '../schemas.ts';
import { asOneProductError, confirmPaymentSchema, idempotencyKeySchema, idParamSchema, myOrdersQuerySchema, placeOrderSchema } from '../schemas.ts';
import type { PaymentIntentDto } from '../dto.ts';
import { toListDto, toOrderDto, toRefundDto, toReturnDto } from '../serializers.ts';
import { toReorderDto } from '../cart-dto.ts';
import { validate } from '../validation.ts';
import { documented, responds } from '../responds.ts';
import { orderAfterSaleDto, orderDto, pageOf, paymentIntentDto, reorderDto, returnDto } from '../response-schemas.ts';

const orderHeadersSchema = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });

/**
 * /api/orders: a signed-in buyer's orders. Another user's order answers 404, exactly like one
 * that does not exist, so ids cannot be probed.
 */
export const orderRoutes = (ports: AppPorts, settings: HttpSettings, expireFirst: MiddlewareHandler<AppEnv>) =>
  new Hono<AppEnv>()
    .use(requireUser(ports), expireFirst)
    .post('/', jsonBody, validate('header', orderHeadersSchema), validate('json', placeOrderSchema), documented({
      summary: 'Place an order',
      description:
        "Signed-in customers with a verified e-mail. `{lines, phone, address, poNumber?, note?}`: 1–100 lines, each product once, each quantity at least the product's minimum, in whole packs and within the stock, priced from its tiers (the first contract's one-product `{productId, quantity, phone, address}` is still read). Every line's stock is reserved in one step, all or nothing; the order is `unpaid` until paid, the ordered products leave the buyer's cart, and an unpaid order expires after a while. An `Idempotency-Key` header makes a retry answer the first order. 201 with the order. Refusals: 400 `VALIDATION_FAILED` naming each field, 403 `ADMIN_CANNOT_BUY`, 403 `EMAIL_NOT_VERIFIED`, 404 `NOT_FOUND` (the one-product shape's unknown product), 409 `INSUFFICIENT_STOCK` naming each short line (nothing reserved), 409 `TOO_MANY_UNPAID_ORDERS`, 409 `IDEMPOTENCY_KEY_REUSED` (the key with another body).",
    }), responds(201, orderDto), async (c) => {
      // Only these fields are read: prices, totals and status always come from the server.
      const { oneProduct, ...order } = c.req.valid('json');
      const placed = await placeOrder(ports, {
        ...order,
        buyer: c.get('user'),
        idempotencyKey: c.req.valid('header')['idempotency-key'] ?? null,
        maxUnpaidOrders: settings.maxUnpaidOrdersPerAccount,
      });
      if (placed.ok) return c.json(toOrderDto(placed.value), 201);
      return problem(c, oneProduct ? asOneProductError(placed.error) : placed.error);
    })
    // The caller's own orders, newest first, a page at a time.
    .get('/', validate('query', myOrdersQuerySchema), documented({
      summary: 'My orders',
      description:
        "Signed in; changes nothing but expiring lapsed unpaid orders first. The caller's own orders, newest first, a page at a time; `q` narrows them to those whose number ends with it (`000001`, `2026-000001`, `BH-2026-000001`, any case), whose PO number starts with it, or whose id it is. Never another buyer's.",
    }), responds(200, pageOf(orderDto)), async (c) => {
      const query = c.req.valid('query');
      const q = query.q?.trim() || undefined;
      const orders = await ports.store.orders.listByUser(c.get('user').id, pageRequest(query), q === undefined ? {} : { q });
      return c.json(toListDto(orders, toOrderDto), 200);
    })
    // The owner's or an admin's read: a payment that went through unheard is recorded first (reconcile-payment.ts).
    .get('/:id', validate('param', idParamSchema), documented({
      summary: 'One order',
      description:
        "The order's owner or an admin; for anyone else 404 `NOT_FOUND`, as for an id that does not exist. An unpaid order with a payment started asks the provider first, and a payment that went through unheard is recorded then (once: one invoice number, one e-mail).",
    }), responds(200, orderDto), async (c) => {
      const found = await readOrder(ports, { actor: c.get('user'), orderId: c.req.valid('param').id });
      return found.ok ? c.json(toOrderDto(found.value), 200) : problem(c, found.error);
    })
    // The invoice (PDF) of a paid order, for its owner or an admin; 409 while unpaid.
    .get('/:id/invoice.pdf', validate('param', idParamSchema), documented({
      summary: 'Download the invoice (PDF)',
      description:
        "The order's owner or an admin (anyone else 404 `NOT_FOUND`). The invoice of a paid order as a PDF attachment named by its number (`INV-2026-000001.pdf`); an order paid before invoices existed takes its number now. 409 `ORDER_NOT_PAID` while the order is unpaid.",
    }), responds(200, 'application/pdf'), async (c) => {
      const invoice = await orderInvoice(ports, { actor: c.get('user'), orderId: c.req.valid('param').id });
      return invoice.ok ? paperResponse(c, invoice.value) : problem(c, invoice.error);
    })
    // After the sale (docs/orders.md, "After the sale: cancel, refund, return").
    .get('/:id/after-sale', validate('param', idParamSchema), documented({
      summary: "An order's refunds and returns",
      description: "The order's owner or an admin (anyone else 404 `NOT_FOUND`); changes nothing. Its refunds (credit notes) and returns, oldest first.",
    }), responds(200, orderAfterSaleDto), async (c) => {
      const found = await orderAfterSale(ports, { actor: c.get('user'), orderId: c.req.valid('param').id });
      return found.ok ? c.json({ refunds: found.value.refunds.map(toRefundDto), returns: found.value.returns.map(toReturnDto) }, 200) : problem(c, found.error);
    })
    .get('/:id/refunds/:refundId/credit-note.pdf', validate('param', refundParamSchema), documented({
      summary: 'Download a credit note (PDF)',
      description:
        "The order's owner or an admin (anyone else 404 `NOT_FOUND`); changes nothing. A refund's credit note as a PDF attachment named by its number (`CN-2026-000001.pdf`): like the invoice, with negative amounts and the invoice number it corrects. 404 `NOT_FOUND` for a refund of another order.",
    }), responds(200, 'application/pdf'), async (c) => {
      const { id, refundId } = c.req.valid('param');
      const paper = await creditNote(ports, { actor: c.get('user'), orderId: id, refundId });
      return paper.ok ? paperResponse(c, paper.value) : problem(c, paper.error);
    })
    .get('/:id/returns', validate('param', idParamSchema), documented({
      summary: "An order's returns",
      description: "The order's owner or an admin (anyone else 404 `NOT_FOUND`); changes nothing. Its returns, oldest first.",
    }), responds(200, z.array(returnDto)), async (c) => {
      const found = await orderAfterSale(ports, { actor: c.get('user'), orderId: c.req.valid('param').id });
      return found.ok ? c.json(found.value.returns.map(toReturnDto), 200) : problem(c, found.error);
    })
    .post('/:id/returns', validate('param', idParamSchema), jsonBody, validate('json', requestReturnSchema), documented({
      summary: 'Ask to return items',
      description:
        "The order's buyer (anyone else 404 `NOT_FOUND`), within 30 days of shipping: lines and quantities no more than were shipped less what other returns hold, and a reason. 201 with the return (`RMA-2026-000001`, `requested`); the buyer is e-mailed. 400 `VALIDATION_FAILED`, 409 `RETURN_NOT_ALLOWED` before shipping or after the 30 days.",
    }), responds(201, returnDto), async (c) => {
      const asked = await requestReturn(ports, { actor: c.get('user'), orderId: c.req.valid('param').id, ...c.req.valid('json') });
      return asked.ok ? c.json(toReturnDto(asked.value), 201) : problem(c, asked.error);
    })
    .delete('/:id', validate('param', idParamSchema), documented({
      summary: 'Delete an unpaid order',
      description:
        "The order's owner or an admin (anyone else 404 `NOT_FOUND`). Every line's units go back on the shelf; an admin deleting a buyer's order is recorded in the audit log. 204. 409 `ORDER_NOT_DELETABLE` once the order is paid or shipped, and when its payment went through meanwhile (it is then recorded as paid: the buyer's money).",
    }), responds(204), async (c) => {
      const deleted = await deleteOrder(ports, { actor: c.get('user'), orderId: c.req.valid('param').id });
      return deleted.ok ? c.body(null, 204) : problem(c, deleted.error);
    })
    // "Order again": the order's lines into the owner's cart at today's prices.
    .post('/:id/reorder', validate('param', idParamSchema), documented({
      summary: 'Order again',
      description:
        "The order's owner only (anyone else 404 `NOT_FOUND`). Adds the order's lines to the cart at today's prices, on top of what is there, and answers the cart with the lines that could not be added and why (`product-gone`, `sold-out`, `below-minimum`). Places no order.",
    }), responds(200, reorderDto), async (c) => {
      const done = await reorder(ports, { buyer: c.get('user'), orderId: c.req.valid('param').id });
      return done.ok ? c.json(toReorderDto(done.value), 200) : problem(c, done.error);
    })
    .post('/:id/payment-intent', validate('param', idParamSchema), documented({
      summary: 'Start paying for an order',
      description:
        "The order's owner only (anyone else 404 `NOT_FOUND`). Answers the payment provider's client secret for the order: an open payment for the same amount is offered again, otherwise a new one is created. 409 `ORDER_ALREADY_PAID` when the order is paid, or its payment has succeeded meanwhile (it is then recorded as paid); never a second payment. 409 `AWAITING_APPROVAL` while a company order waits for a manager, 409 `ORDER_REJECTED` once a manager rejected it.",
    }), responds(200, paymentIntentDto), async (c) => {
      const started = await startPayment(ports, { actor: c.get('user'), orderId: c.req.valid('param').id, unpaidOrderTtlHours: settings.unpaidOrderTtlHours });
      return started.ok ? c.json(started.value satisfies PaymentIntentDto, 200) : problem(c, started.error);
    })
    .post('/:id/payment/confirm', validate('param', idParamSchema), jsonBody, validate('json', confirmPaymentSchema), documented({
      summary: 'Confirm a payment',
      description:
        "The order's owner only (anyone else 404 `NOT_FOUND`). The server asks the provider about `paymentIntentId` and never trusts the browser: a succeeded payment of this order marks it paid, once, with its invoice number and the paid e-mail; confirming again answers the paid order. 409 `PAYMENT_NOT_CONFIRMED` when the payment is not for this order or has not succeeded; 409 `ORDER_ALREADY_PAID` when another payment paid it (this one is put aside for a refund); 409 `AWAITING_APPROVAL` and `ORDER_REJECTED` for a company order waiting for or refused its approval.",
    }), responds(200, orderDto), async (c) => {
      const confirmed = await confirmPayment(ports, {
        actor: c.get('user'),
        orderId: c.req.valid('param').id,
        paymentIntentId: c.req.valid('json').paymentIntentId,
        unpaidOrderTtlHours: settings.unpaidOrderTtlHours,
      });
      return confirmed.ok ? c.json(toOrderDto(confirmed.value), 200) : problem(c, confirmed.error);
    });

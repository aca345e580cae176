import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { deleteOrder } from '#domain/ordering/delete-order.ts';
import { reorder } from '#domain/ordering/cart.ts';
import { placeOrder } from '#domain/ordering/place-order.ts';
import { orderInvoice } from '#domain/ordering/order-papers.ts';
import { confirmPayment } from '#domain/ordering/confirm-payment.ts';
import { readOrder } from '#domain/ordering/reconcile-payment.ts';
import { startPayment } from '#domain/ordering/start-payment.ts';
import { pageRequest } from '#domain/shared/page.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { requireUser } from '../middleware/session.ts';
import type { AppEnv, AppPorts, HttpSettings } from '../ports.ts';
import { paperResponse } from '../paper-response.ts';
import { problem } from '../problem.ts';
import { asOneProductError, confirmPaymentSchema, idempotencyKeySchema, idParamSchema, listQuerySchema, placeOrderSchema } from '../schemas.ts';
import type { PaymentIntentDto, ReorderDto } from '../dto.ts';
import { toListDto, toOrderDto } from '../serializers.ts';
import { validate } from '../validation.ts';
import { responds } from '../responds.ts';
import { orderDto, pageOf, paymentIntentDto, reorderDto } from '../response-schemas.ts';

const orderHeadersSchema = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });

/**
 * /api/orders: a signed-in buyer's orders. Another user's order answers 404, exactly like one
 * that does not exist, so ids cannot be probed.
 */
export const orderRoutes = (ports: AppPorts, settings: HttpSettings, expireFirst: MiddlewareHandler<AppEnv>) =>
  new Hono<AppEnv>()
    .use(requireUser(ports), expireFirst)
    .post('/', jsonBody, validate('header', orderHeadersSchema), validate('json', placeOrderSchema), responds(201, orderDto), async (c) => {
      // Only these fields are read: prices, totals and status always come from the server.
      const { oneProduct, ...order } = c.req.valid('json');
      const placed = await placeOrder(
        { ...ports, maxUnpaidOrders: settings.maxUnpaidOrdersPerAccount },
        { ...order, buyer: c.get('user'), idempotencyKey: c.req.valid('header')['idempotency-key'] ?? null },
      );
      if (placed.ok) return c.json(toOrderDto(placed.value), 201);
      return problem(c, oneProduct ? asOneProductError(placed.error) : placed.error);
    })
    // The caller's own orders, newest first, a page at a time.
    .get('/', validate('query', listQuerySchema), responds(200, pageOf(orderDto)), async (c) => {
      const orders = await ports.store.orders.listByUser(c.get('user').id, pageRequest(c.req.valid('query')));
      return c.json(toListDto(orders, toOrderDto), 200);
    })
    // The owner's or an admin's read: a payment that went through unheard is recorded first (reconcile-payment.ts).
    .get('/:id', validate('param', idParamSchema), responds(200, orderDto), async (c) => {
      const found = await readOrder(ports, { actor: c.get('user'), orderId: c.req.valid('param').id });
      return found.ok ? c.json(toOrderDto(found.value), 200) : problem(c, found.error);
    })
    // The invoice (PDF) of a paid order, for its owner or an admin; 409 while unpaid.
    .get('/:id/invoice.pdf', validate('param', idParamSchema), responds(200, 'application/pdf'), async (c) => {
      const invoice = await orderInvoice(ports, { actor: c.get('user'), orderId: c.req.valid('param').id });
      return invoice.ok ? paperResponse(c, invoice.value) : problem(c, invoice.error);
    })
    .delete('/:id', validate('param', idParamSchema), responds(204), async (c) => {
      const deleted = await deleteOrder(ports, { actor: c.get('user'), orderId: c.req.valid('param').id });
      return deleted.ok ? c.body(null, 204) : problem(c, deleted.error);
    })
    // "Order again": the order's lines into the owner's cart at today's prices.
    .post('/:id/reorder', validate('param', idParamSchema), responds(200, reorderDto), async (c) => {
      const done = await reorder(ports, c.get('user'), c.req.valid('param').id);
      return done.ok ? c.json(done.value satisfies ReorderDto, 200) : problem(c, done.error);
    })
    .post('/:id/payment-intent', validate('param', idParamSchema), responds(200, paymentIntentDto), async (c) => {
      const started = await startPayment({ ...ports, unpaidOrderTtlHours: settings.unpaidOrderTtlHours }, { actor: c.get('user'), orderId: c.req.valid('param').id });
      return started.ok ? c.json(started.value satisfies PaymentIntentDto, 200) : problem(c, started.error);
    })
    .post('/:id/payment/confirm', validate('param', idParamSchema), jsonBody, validate('json', confirmPaymentSchema), responds(200, orderDto), async (c) => {
      const confirmed = await confirmPayment({ ...ports, unpaidOrderTtlHours: settings.unpaidOrderTtlHours }, {
        actor: c.get('user'),
        orderId: c.req.valid('param').id,
        paymentIntentId: c.req.valid('json').paymentIntentId,
      });
      return confirmed.ok ? c.json(toOrderDto(confirmed.value), 200) : problem(c, confirmed.error);
    });

import { Hono, type MiddlewareHandler } from 'hono';
import { listAuditLog } from '#domain/audit/list-audit-log.ts';
import { shopOverview } from '#domain/admin/shop-overview.ts';
import { salesReport } from '#domain/admin/sales-report.ts';
import { ORDER_EXPORT_COLUMNS } from '#domain/ordering/orders-csv.ts';
import { exportOrders } from '#domain/ordering/export-orders.ts';
import { listPaymentsToRefund } from '#domain/ordering/list-payments-to-refund.ts';
import { refundPayment } from '#domain/ordering/refund-payment.ts';
import Papa from 'papaparse';
import { stream } from 'hono/streaming';
import { deleteUser, listUsers, makeAdmin, removeAdmin } from '#domain/identity/manage-users.ts';
import { listAllOrders } from '#domain/ordering/list-all-orders.ts';
import { shipOrder } from '#domain/ordering/ship-order.ts';
import { cancelOrder, refundOrder } from '#domain/after-sale/refund-order.ts';
import { approveReturn, listReturns, receiveReturn, rejectReturn } from '#domain/after-sale/returns.ts';
import { orderPackingSlip } from '#domain/ordering/order-papers.ts';
import { listContactMessages, listSubscribers, markContactMessage } from '#domain/content/inbox.ts';
import type { AdminOrdersDto, SalesReportDto, ShopOverviewDto } from '../dto.ts';
import { requireAdmin, requireUser } from '../middleware/session.ts';
import type { AppEnv, AppPorts } from '../ports.ts';
import { paperResponse } from '../paper-response.ts';
import { problem } from '../problem.ts';
import {
  adminReturnsQuerySchema,
  approveReturnSchema,
  cancelOrderSchema,
  receiveReturnSchema,
  refundOrderSchema,
  rejectReturnSchema,
} from '../schemas.ts';
import { adminOrdersQuerySchema, auditQuerySchema, contactMessageMarkSchema, idParamSchema, listQuerySchema, ordersExportQuerySchema, salesReportQuerySchema, shipOrderSchema } from '../schemas.ts';
import { toAuditEntryDto, toContactMessageDto, toListDto, toOrderDto, toPaymentToRefundDto, toRefundDto, toReturnDto, toSubscriberDto, toUserDto } from '../serializers.ts';
import { validate } from '../validation.ts';
import { jsonBody, optionalJsonBody } from '../middleware/json-body.ts';
import { documented, responds } from '../responds.ts';
import { cancelledOrderDto, receivedReturnDto, refundDto, returnDto } from '../response-schemas.ts';
import { adminOrdersDto, auditEntryDto, contactMessageDto, orderDto, pageOf, paymentToRefundDto, salesReportDto, shopOverviewDto, subscriberDto, userDto } from '../response-schemas.ts';

/**
 * /api/admin: every route checks the role stored now (401 anonymous, 403 customers). Every list
 * is a `{items, nextCursor}` page, newest first; the orders' also carries how many match in all.
 */
export const adminRoutes = (ports: AppPorts, expireFirst: MiddlewareHandler<AppEnv>) =>
  new Hono<AppEnv>()
    .use(requireUser(ports), requireAdmin)
    .use('/overview', expireFirst)
    .use('/orders', expireFirst)
    .get('/overview', documented({
      summary: 'The dashboard overview',
      description:
        "Admins; changes nothing but expiring lapsed unpaid orders first. The dashboard's counts: orders awaiting shipment, unpaid orders, products below one minimum order, contact messages (and the unread ones) and payments waiting for a refund.",
    }), responds(200, shopOverviewDto), async (c) => {
      const overview = await shopOverview(ports, { actor: c.get('user') });
      return overview.ok ? c.json(overview.value satisfies ShopOverviewDto, 200) : problem(c, overview.error);
    })
    .get('/reports/sales', validate('query', salesReportQuerySchema), documented({
      summary: 'The sales report',
      description:
        'Admins; changes nothing. For the last `days` (30 or 90): paid orders and revenue per UTC day (days without sales as zeros), the totals, the 5 products with the most revenue, up to 10 products below one minimum order, and the orders awaiting shipment. 400 `VALIDATION_FAILED` on `days`.',
    }), responds(200, salesReportDto), async (c) => {
      const report = await salesReport(ports, { ...c.req.valid('query'), actor: c.get('user') });
      return report.ok ? c.json(report.value satisfies SalesReportDto, 200) : problem(c, report.error);
    })
    // Orders placed in a period, one row per line, 200 orders at a time straight to the client, so
    // memory stays flat however many there are. Formula-like cells are escaped, as in the catalogue's.
    .get('/orders/export.csv', validate('query', ordersExportQuerySchema), documented({
      summary: 'Export orders (CSV)',
      description:
        'Admins; changes nothing. The orders placed from `from` to `to` (UTC days, both included; by default the last 30 days, at most 366), newest first, one row per order line, streamed 200 orders at a time; money in dollars, times in ISO 8601 UTC, formula-like cells escaped. 400 `VALIDATION_FAILED` for a bad period.',
    }), responds(200, 'text/csv'), async (c) => {
      const exported = await exportOrders(ports, { ...c.req.valid('query'), actor: c.get('user') });
      if (!exported.ok) return problem(c, exported.error);
      const { period, pages } = exported.value;
      const name = `bulkhead-orders-${period.from.toISOString().slice(0, 10)}-to-${new Date(period.before.getTime() - 1).toISOString().slice(0, 10)}.csv`;
      c.header('content-type', 'text/csv; charset=utf-8');
      c.header('content-disposition', `attachment; filename="${name}"`);
      c.header('cache-control', 'private, no-store');
      return stream(c, async (out) => {
        const csv = (rows: object[], header: boolean) => Papa.unparse(rows, { columns: [...ORDER_EXPORT_COLUMNS], header, escapeFormulae: true, newline: '\r\n' });
        await out.write(`${csv([], true)}\r\n`);
        for await (const rows of pages) await out.write(`${csv(rows, false)}\r\n`);
      });
    })
    .get('/orders', validate('query', adminOrdersQuerySchema), documented({
      summary: 'Every order',
      description:
        "Admins; expires lapsed unpaid orders first. All buyers' orders, newest first, optionally of one `status` (`unpaid`, `pending`: paid and waiting to ship, `shipped`, `cancelled`) or found by `q` (the order's id or number, the buyer's e-mail or the PO number, exactly), a page at a time with the total that match. 400 `VALIDATION_FAILED` for an unknown status.",
    }), responds(200, adminOrdersDto), async (c) => {
      const orders = await listAllOrders(ports, { ...c.req.valid('query'), actor: c.get('user') });
      return orders.ok ? c.json({ ...toListDto(orders.value, toOrderDto), total: orders.value.total } satisfies AdminOrdersDto, 200) : problem(c, orders.error);
    })
    // The body is optional (the first contract sent none): `{carrier?, trackingNumber?}` as JSON.
    .post('/orders/:id/ship', validate('param', idParamSchema), optionalJsonBody, validate('json', shipOrderSchema), documented({
      summary: 'Ship an order',
      description:
        'Admins. Marks a paid order shipped, with an optional carrier and tracking number the buyer then sees (the body may be left out), and records it in the audit log. 200 with the order. 400 `VALIDATION_FAILED`, 404 `NOT_FOUND`, 409 `ORDER_NOT_SHIPPABLE` unless it is paid and not yet shipped.',
    }), responds(200, orderDto), async (c) => {
      const shipped = await shipOrder(ports, { actor: c.get('user'), orderId: c.req.valid('param').id, shipping: c.req.valid('json') });
      return shipped.ok ? c.json(toOrderDto(shipped.value), 200) : problem(c, shipped.error);
    })
    // After the sale (docs/orders.md, "After the sale: cancel, refund, return"): the provider is asked first.
    .post('/orders/:id/cancel', validate('param', idParamSchema), jsonBody, validate('json', cancelOrderSchema), documented({
      summary: 'Cancel a paid order',
      description:
        'Admins. A paid order not yet shipped: what is left of its payment is refunded through the payment provider first, then its stock returns (`restock`, default true), the order becomes `cancelled`, the buyer is e-mailed and the audit log records it. 200 with the order and its refund (credit note). 400 `VALIDATION_FAILED` (a reason is required), 404 `NOT_FOUND`, 409 `ORDER_NOT_CANCELLABLE`, 502 `REFUND_REFUSED` when the provider says no (nothing changed; the message says why).',
    }), responds(200, cancelledOrderDto), async (c) => {
      const { reason, restock } = c.req.valid('json');
      const cancelled = await cancelOrder(ports, { actor: c.get('user'), orderId: c.req.valid('param').id, reason, restock });
      return cancelled.ok ? c.json({ order: toOrderDto(cancelled.value.order), refund: toRefundDto(cancelled.value.refund) }, 200) : problem(c, cancelled.error);
    })
    .post('/orders/:id/refunds', validate('param', idParamSchema), jsonBody, validate('json', refundOrderSchema), documented({
      summary: 'Refund part of an order',
      description:
        'Admins. A paid or shipped order: `lines` at the price paid for them (their units back on the shelf when `restock`), or `amountCents`, or lines for an amount named. The provider is asked first; the refund gets a credit-note number (`CN-2026-000001`), the buyer an e-mail, the audit log an entry. 201 with the refund. 400 `VALIDATION_FAILED`, 404 `NOT_FOUND`, 409 `ORDER_NOT_REFUNDABLE`, 409 `REFUND_EXCEEDS_PAID` (also the second of two refunds at once that together pass what was paid), 502 `REFUND_REFUSED`.',
    }), responds(201, refundDto), async (c) => {
      const { lines, amountCents, reason, restock } = c.req.valid('json');
      const refunded = await refundOrder(ports, { actor: c.get('user'), orderId: c.req.valid('param').id, lines: lines ?? null, amountCents, reason, restock });
      return refunded.ok ? c.json(toRefundDto(refunded.value), 201) : problem(c, refunded.error);
    })
    .get('/returns', validate('query', adminReturnsQuerySchema), documented({
      summary: 'Every return',
      description: 'Admins; changes nothing. Buyers\' returns, newest first, optionally of one `status` (`requested`, `approved`, `rejected`, `received`), a page at a time. 400 `VALIDATION_FAILED` for an unknown status.',
    }), responds(200, pageOf(returnDto)), async (c) => {
      const returns = await listReturns(ports, { ...c.req.valid('query'), actor: c.get('user') });
      return returns.ok ? c.json(toListDto(returns.value, toReturnDto), 200) : problem(c, returns.error);
    })
    .post('/returns/:id/approve', validate('param', idParamSchema), optionalJsonBody, validate('json', approveReturnSchema), documented({
      summary: 'Approve a return',
      description: 'Admins. A requested return becomes `approved`, with optional instructions (`answer`) the buyer is e-mailed. 200 with the return. 404 `NOT_FOUND`, 409 `RETURN_NOT_OPEN`.',
    }), responds(200, returnDto), async (c) => {
      const approved = await approveReturn(ports, { actor: c.get('user'), returnId: c.req.valid('param').id, answer: c.req.valid('json').answer ?? null });
      return approved.ok ? c.json(toReturnDto(approved.value), 200) : problem(c, approved.error);
    })
    .post('/returns/:id/reject', validate('param', idParamSchema), jsonBody, validate('json', rejectReturnSchema), documented({
      summary: 'Reject a return',
      description: 'Admins. A requested return becomes `rejected`, saying why (`answer`, required); the buyer is e-mailed. 200 with the return. 400 `VALIDATION_FAILED`, 404 `NOT_FOUND`, 409 `RETURN_NOT_OPEN`.',
    }), responds(200, returnDto), async (c) => {
      const rejected = await rejectReturn(ports, { actor: c.get('user'), returnId: c.req.valid('param').id, answer: c.req.valid('json').answer });
      return rejected.ok ? c.json(toReturnDto(rejected.value), 200) : problem(c, rejected.error);
    })
    .post('/returns/:id/receive', validate('param', idParamSchema), jsonBody, validate('json', receiveReturnSchema), documented({
      summary: 'Receive a return',
      description:
        'Admins. An approved return arrived: per line, the units received and whether they go back on the shelf. The units received are refunded at the price paid (the provider asked first) with a credit note; the return becomes `received`; the buyer is e-mailed. 200 with the return and its refund (null when nothing came back). 400 `VALIDATION_FAILED`, 404 `NOT_FOUND`, 409 `RETURN_NOT_OPEN` or `REFUND_EXCEEDS_PAID`, 502 `REFUND_REFUSED`.',
    }), responds(200, receivedReturnDto), async (c) => {
      const received = await receiveReturn(ports, { actor: c.get('user'), returnId: c.req.valid('param').id, lines: c.req.valid('json').lines });
      return received.ok
        ? c.json({ return: toReturnDto(received.value.ret), refund: received.value.refund && toRefundDto(received.value.refund) }, 200)
        : problem(c, received.error);
    })
    // The warehouse's packing slip (PDF): lines, quantities and the delivery address, no prices.
    .get('/orders/:id/packing-slip.pdf', validate('param', idParamSchema), documented({
      summary: 'Download the packing slip (PDF)',
      description:
        "Admins; changes nothing. The warehouse's packing slip as a PDF attachment: order and PO numbers, the delivery name, address and phone, each line with a tick box, and the buyer's note; no prices. 404 `NOT_FOUND`.",
    }), responds(200, 'application/pdf'), async (c) => {
      const slip = await orderPackingSlip(ports, { actor: c.get('user'), orderId: c.req.valid('param').id });
      return slip.ok ? paperResponse(c, slip.value) : problem(c, slip.error);
    })
    .get('/users', validate('query', listQuerySchema), documented({
      summary: 'Every user',
      description:
        'Admins; changes nothing. The accounts, a page at a time.',
    }), responds(200, pageOf(userDto)), async (c) => {
      const users = await listUsers(ports, { ...c.req.valid('query'), actor: c.get('user') });
      return users.ok ? c.json(toListDto(users.value, toUserDto), 200) : problem(c, users.error);
    })
    .post('/users/:id/make-admin', validate('param', idParamSchema), documented({
      summary: 'Make a user an admin',
      description:
        'Admins. Gives the account the admin role, recorded in the audit log. 200 with the user. 404 `NOT_FOUND`.',
    }), responds(200, userDto), async (c) => {
      const promoted = await makeAdmin(ports, { actor: c.get('user'), userId: c.req.valid('param').id });
      return promoted.ok ? c.json(toUserDto(promoted.value), 200) : problem(c, promoted.error);
    })
    .post('/users/:id/remove-admin', validate('param', idParamSchema), documented({
      summary: "Remove a user's admin role",
      description:
        'Admins. Makes the account a customer again, recorded in the audit log. 200 with the user. 404 `NOT_FOUND`; 409 `CANNOT_CHANGE_OWN_ROLE`; 409 `LAST_ADMIN` for the only admin left.',
    }), responds(200, userDto), async (c) => {
      const demoted = await removeAdmin(ports, { actor: c.get('user'), userId: c.req.valid('param').id });
      return demoted.ok ? c.json(toUserDto(demoted.value), 200) : problem(c, demoted.error);
    })
    .delete('/users/:id', validate('param', idParamSchema), documented({
      summary: 'Delete a user',
      description:
        'Admins. Deletes another account, recorded in the audit log; its sessions end with it. 204. 404 `NOT_FOUND`; 409 `CANNOT_DELETE_SELF`.',
    }), responds(204), async (c) => {
      const deleted = await deleteUser(ports, { actor: c.get('user'), userId: c.req.valid('param').id });
      return deleted.ok ? c.body(null, 204) : problem(c, deleted.error);
    })
    // Succeeded payments no order could take: an admin refunds each through the payment port, once.
    .get('/payments-to-refund', validate('query', listQuerySchema), documented({
      summary: 'Payments to refund',
      description:
        'Admins; changes nothing. Succeeded payments no order could take (the order expired, was deleted or was paid otherwise), newest first, the refunded ones too (`refundedAt`). A page at a time.',
    }), responds(200, pageOf(paymentToRefundDto)), async (c) => {
      const payments = await listPaymentsToRefund(ports, { ...c.req.valid('query'), actor: c.get('user') });
      return payments.ok ? c.json(toListDto(payments.value, toPaymentToRefundDto), 200) : problem(c, payments.error);
    })
    .post('/payments-to-refund/:id/refund', validate('param', idParamSchema), documented({
      summary: 'Refund a payment no order could take',
      description:
        'Admins; no body. Gives the whole payment back through the payment provider (its idempotency key is the payment, so two at once move the money once), then marks it refunded and records it in the audit log. 200 with the payment. 404 `NOT_FOUND`, 409 `PAYMENT_ALREADY_REFUNDED`, 502 `REFUND_REFUSED` when the provider says no, 503 `SERVICE_UNAVAILABLE` when it cannot be reached (nothing changed either way).',
    }), responds(200, paymentToRefundDto), async (c) => {
      const refunded = await refundPayment(ports, { actor: c.get('user'), id: c.req.valid('param').id });
      return refunded.ok ? c.json(toPaymentToRefundDto(refunded.value), 200) : problem(c, refunded.error);
    })
    .get('/messages', validate('query', listQuerySchema), documented({
      summary: 'The contact inbox',
      description:
        'Admins; changes nothing. The messages sent through the contact form, a page at a time.',
    }), responds(200, pageOf(contactMessageDto)), async (c) => {
      const inbox = await listContactMessages(ports, { ...c.req.valid('query'), actor: c.get('user') });
      return inbox.ok ? c.json(toListDto(inbox.value, toContactMessageDto), 200) : problem(c, inbox.error);
    })
    .patch('/messages/:id', validate('param', idParamSchema), jsonBody, validate('json', contactMessageMarkSchema), documented({
      summary: 'Mark a message read or unread',
      description:
        'Admins. `{read}`: read once answered, or unread to come back to it. 200 with the message. 404 `NOT_FOUND`.',
    }), responds(200, contactMessageDto), async (c) => {
      const marked = await markContactMessage(ports, { actor: c.get('user'), id: c.req.valid('param').id, read: c.req.valid('json').read });
      return marked.ok ? c.json(toContactMessageDto(marked.value), 200) : problem(c, marked.error);
    })
    // The audit log (docs/audit-log.md, "Audit log"), newest first, by actor (id or e-mail) and kind.
    .get('/audit', validate('query', auditQuerySchema), documented({
      summary: 'The audit log',
      description:
        'Admins; changes nothing. The admin actions, newest first, a page at a time: who, when, what (a kind, the id acted on, a summary) and the values before and after. Filter by `actor` (a user id or an e-mail) and `kind`. 400 `VALIDATION_FAILED` for an unknown kind.',
    }), responds(200, pageOf(auditEntryDto)), async (c) => {
      const log = await listAuditLog(ports, { ...c.req.valid('query'), viewer: c.get('user') });
      return log.ok ? c.json(toListDto(log.value, toAuditEntryDto), 200) : problem(c, log.error);
    })
    .get('/subscribers', validate('query', listQuerySchema), documented({
      summary: 'Newsletter subscribers',
      description:
        "Admins; changes nothing. The newsletter's subscribers, a page at a time.",
    }), responds(200, pageOf(subscriberDto)), async (c) => {
      const subscribers = await listSubscribers(ports, { ...c.req.valid('query'), actor: c.get('user') });
      return subscribers.ok ? c.json(toListDto(subscribers.value, toSubscriberDto), 200) : problem(c, subscribers.error);
    });

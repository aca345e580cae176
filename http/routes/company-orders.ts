import { Hono, type MiddlewareHandler } from 'hono';
import { decideCompanyOrder, listCompanyOrders } from '#domain/companies/company-orders.ts';
import { refusal } from '#domain/shared/errors.ts';
import { pageRequest } from '#domain/shared/page.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { requireUser } from '../middleware/session.ts';
import type { AppEnv, AppPorts, HttpSettings } from '../ports.ts';
import { problem } from '../problem.ts';
import { companyOrdersQuerySchema, idParamSchema, rejectOrderSchema } from '../schemas.ts';
import { toListDto, toOrderDto } from '../serializers.ts';
import { validate } from '../validation.ts';
import { documented, responds } from '../responds.ts';
import { orderDto, pageOf } from '../response-schemas.ts';

/** Company routes are for verified addresses only (docs/companies.md): an unverified account is 403 `EMAIL_NOT_VERIFIED`. */
const requireVerified: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user').emailVerified) return problem(c, refusal('EMAIL_NOT_VERIFIED'));
  await next();
};

/**
 * /api/company/orders: a company's orders and their approvals (docs/companies.md, "Approvals").
 * Another company's order answers 404, exactly like one that does not exist, so ids cannot be probed.
 */
export const companyOrderRoutes = (ports: AppPorts, settings: HttpSettings, expireFirst: MiddlewareHandler<AppEnv>) =>
  new Hono<AppEnv>()
    .use(requireUser(ports), requireVerified, expireFirst)
    .get('/', validate('query', companyOrdersQuerySchema), documented({
      summary: "The company's orders",
      description:
        "Signed in with a verified e-mail; changes nothing but expiring lapsed unpaid orders first. A manager sees every order of the company (placed by whoever belonged to it then), a buyer only their own; newest first, a page at a time, optionally of one `status` (`awaiting-approval` is the managers' queue) and, for a manager, of one `member` (a user id). 404 `NO_COMPANY` when the caller belongs to none; 400 `VALIDATION_FAILED` for an unknown status.",
    }), responds(200, pageOf(orderDto)), async (c) => {
      const { status, member, ...page } = c.req.valid('query');
      const listed = await listCompanyOrders(ports, { actor: c.get('user'), status, member, page: pageRequest(page) });
      return listed.ok ? c.json(toListDto(listed.value, toOrderDto), 200) : problem(c, listed.error);
    })
    .post('/:id/approve', validate('param', idParamSchema), documented({
      summary: "Approve a member's order",
      description:
        "A manager of the order's company, not its buyer. The order waiting for approval becomes `unpaid` (its stock stays reserved; its unpaid expiry clock starts again now, so the buyer has the full `UNPAID_ORDER_TTL_HOURS` to pay), the buyer is e-mailed and can pay, and the audit log records it. 200 with the order. 403 `NOT_A_MANAGER` for a buyer, 403 `CANNOT_APPROVE_OWN_ORDER`, 404 `NOT_FOUND` for another company's order or none, 404 `NO_COMPANY`, 409 `ORDER_NOT_AWAITING_APPROVAL` once decided (also the second of two managers deciding at once).",
    }), responds(200, orderDto), async (c) => {
      const decided = await decideCompanyOrder(ports, { actor: c.get('user'), orderId: c.req.valid('param').id, approve: true, unpaidOrderTtlHours: settings.unpaidOrderTtlHours });
      return decided.ok ? c.json(toOrderDto(decided.value), 200) : problem(c, decided.error);
    })
    .post('/:id/reject', validate('param', idParamSchema), jsonBody, validate('json', rejectOrderSchema), documented({
      summary: "Reject a member's order",
      description:
        "A manager of the order's company, not its buyer; `{reason}` (1–500 characters) is told to the buyer. The order waiting for approval becomes `rejected`, every line's units go back on the shelf, the buyer is e-mailed and the audit log records it. 200 with the order. 400 `VALIDATION_FAILED`, 403 `NOT_A_MANAGER`, 403 `CANNOT_APPROVE_OWN_ORDER`, 404 `NOT_FOUND`, 404 `NO_COMPANY`, 409 `ORDER_NOT_AWAITING_APPROVAL`.",
    }), responds(200, orderDto), async (c) => {
      const decided = await decideCompanyOrder(ports, {
        actor: c.get('user'),
        orderId: c.req.valid('param').id,
        approve: false,
        reason: c.req.valid('json').reason,
        unpaidOrderTtlHours: settings.unpaidOrderTtlHours,
      });
      return decided.ok ? c.json(toOrderDto(decided.value), 200) : problem(c, decided.error);
    });

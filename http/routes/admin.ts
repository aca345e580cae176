import { Hono } from 'hono';
import { deleteUser, listUsers, makeAdmin } from '#domain/identity/manage-users.ts';
import { shipOrder } from '#domain/ordering/ship-order.ts';
import type { AdminOrdersDto } from '../dto.ts';
import { requireAdmin, requireUser } from '../middleware/session.ts';
import type { AppEnv, AppPorts } from '../ports.ts';
import { problem } from '../problem.ts';
import { idParamSchema } from '../schemas.ts';
import { toContactMessageDto, toFullListDto, toOrderDto, toSubscriberDto, toUserDto } from '../serializers.ts';
import { validate } from '../validation.ts';

/** /api/admin: every route checks the role stored now (401 anonymous, 403 customers). */
export const adminRoutes = (ports: AppPorts) =>
  new Hono<AppEnv>()
    .use(requireUser(ports), requireAdmin)
    .get('/orders', async (c) => {
      const orders = await ports.store.orders.listAll();
      return c.json({ items: orders.map(toOrderDto), total: orders.length } satisfies AdminOrdersDto, 200);
    })
    .post('/orders/:id/ship', validate('param', idParamSchema), async (c) => {
      const shipped = await shipOrder(ports, { actor: c.get('user'), orderId: c.req.valid('param').id });
      return shipped.ok ? c.json(toOrderDto(shipped.value), 200) : problem(c, shipped.error);
    })
    .get('/users', async (c) => {
      const users = await listUsers(ports.store, c.get('user'));
      return users.ok ? c.json(toFullListDto(users.value, toUserDto), 200) : problem(c, users.error);
    })
    .post('/users/:id/make-admin', validate('param', idParamSchema), async (c) => {
      const promoted = await makeAdmin(ports.store, c.get('user'), c.req.valid('param').id);
      return promoted.ok ? c.json(toUserDto(promoted.value), 200) : problem(c, promoted.error);
    })
    .delete('/users/:id', validate('param', idParamSchema), async (c) => {
      const deleted = await deleteUser(ports.store, c.get('user'), c.req.valid('param').id);
      return deleted.ok ? c.body(null, 204) : problem(c, deleted.error);
    })
    .get('/messages', async (c) =>
      c.json(toFullListDto(await ports.store.inbox.listContactMessages(), toContactMessageDto), 200),
    )
    .get('/subscribers', async (c) =>
      c.json(toFullListDto(await ports.store.inbox.listSubscribers(), toSubscriberDto), 200),
    );

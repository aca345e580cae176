import pg from 'pg';
import { RESILIENT_POOL } from './resilient-pool.ts';

/**
 * The channel the catalogue triggers notify (migrations 0009 and 0017): `<schema> <writer's
 * application_name>`, and for an order's stock move a line break and the products' ids.
 */
export const CATALOGUE_CHANNEL = 'bulkhead_catalogue';
const RECONNECT_MS = [100, 500, 2_000, 5_000];

export interface CatalogueListener {
  /**
   * Moves on every notification but a stock move's; null while not listening (a change could be
   * missed: cache nothing).
   */
  version(): string | null;
  /** Hands each stock move another instance made (the products it took from) to `handler`. */
  onStockMoved(handler: (productIds: readonly string[]) => void): void;
  close(): Promise<void>;
}

/**
 * Listens on its own connection (LISTEN holds one; a pooled one would be handed to queries) for the
 * catalogue changes of every other instance (and tool) on the database; `ownName` is the
 * application_name of this instance's pool, whose writes the store counts itself. While the connection is down nothing may be
 * cached; each reconnection starts a new epoch, so pages kept before it are dropped too.
 */
export async function listenForCatalogueChanges(url: string, schema: string, ownName: string): Promise<CatalogueListener> {
  let client: pg.Client | null = null;
  let epoch = 0;
  let changes = 0;
  let listening = false;
  let closed = false;
  let failures = 0;
  let stockMoved: (productIds: readonly string[]) => void = () => changes++;

  const connect = async (): Promise<void> => {
    // Named, so an operator (or a test) can tell the listening connection in pg_stat_activity.
    const next = new pg.Client({ connectionString: url, application_name: `bulkhead-catalogue:${schema}`, ...RESILIENT_POOL });
    next.on('notification', ({ payload = '' }) => {
      const [head = '', moved] = payload.split('\n');
      const at = head.indexOf(' ');
      const [inSchema, writer] = at < 0 ? [head, ''] : [head.slice(0, at), head.slice(at + 1)];
      if (inSchema !== schema || writer === ownName) return;
      if (moved) stockMoved(moved.split(','));
      else changes++;
    });
    const lost = () => {
      if (client !== next) return;
      listening = false;
      client = null;
      next.end().catch(() => {});
      if (!closed) setTimeout(reconnect, RECONNECT_MS[Math.min(failures++, RECONNECT_MS.length - 1)]).unref();
    };
    next.on('error', lost);
    next.on('end', lost);
    client = next;
    await next.connect();
    await next.query(`LISTEN ${CATALOGUE_CHANNEL}`);
    epoch++;
    failures = 0;
    listening = true;
  };
  const reconnect = () => {
    if (!closed) connect().catch(() => client?.emit('error', new Error('catalogue listener could not reconnect')));
  };

  await connect();
  return {
    version: () => (listening ? `${epoch}.${changes}` : null),
    onStockMoved(handler) {
      stockMoved = handler;
    },
    async close() {
      closed = true;
      listening = false;
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

/**
 * The shop on Node's http server: a cached catalogue read is answered on Node's own request and
 * response (cached-reads.ts); everything else goes to Hono through @hono/node-server.
 */
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { ShopApp } from './app.ts';

/** Resolves once the server listens (port 0: any free port, see server.address()). */
export const listen = (app: ShopApp, port: number, hostname: string): Promise<Server> =>
  new Promise((resolve, reject) => {
    const routed = getRequestListener(app.fetch, { hostname });
    const server = createServer((incoming, outgoing) => {
      const toHono = () => void routed(incoming, outgoing);
      if (!app.cachedReads(incoming, outgoing, toHono)) toHono();
    });
    server.once('error', reject);
    server.listen(port, hostname, () => resolve(server));
  });

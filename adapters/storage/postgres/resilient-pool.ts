import type pg from 'pg';

/**
 * A request waits at most this long for a connection, so an unreachable database is a prompt 503,
 * never a hang; TCP keep-alive finds a silently dropped connection instead of waiting on it forever.
 */
export const RESILIENT_POOL = { connectionTimeoutMillis: 5_000, keepAlive: true } as const;

/**
 * node-postgres emits 'error' when the server closes a connection (a restart, a failover,
 * pg_terminate_backend, a pooler's idle timeout): on the pool for an idle one, on the client for
 * one checked out between queries. An 'error' event without a listener ends the process, every
 * instance at once. The broken connection is already dropped (the pool discards a client that is
 * no longer queryable when it is released), and the query that needed it fails and is answered
 * 503, so there is nothing more to do here than to listen (docs/operations.md, "When something fails").
 */
export const survivesLostConnections = (pool: pg.Pool): void => {
  const dropped = () => undefined;
  pool.on('error', dropped);
  pool.on('connect', (client) => client.on('error', dropped));
};

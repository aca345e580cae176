/**
 * Builds the ports from configuration: the one place that knows which adapter serves which port.
 * The storage and payment adapters are loaded on demand, so a SQLite install never loads pg and
 * the test provider never loads the Stripe SDK.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { PasswordHasher } from '#domain/identity/password-hasher.ts';
import type { PaymentGateway } from '#domain/ordering/payment-gateway.ts';
import type { Clock, IdGenerator } from '#domain/shared/clock.ts';
import type { Store } from '#domain/store.ts';
import { createJwtTokenService, type JwtTokenService } from './identity/jwt-token-service.ts';
import { createScryptPasswordHasher } from './identity/scrypt-password-hasher.ts';

/** The part of the configuration the adapters need (http/config.ts's Config fits it). */
export interface AdapterSettings {
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  jwtSecret: string;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | null;
}

export interface ComposedPorts {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  hasher: PasswordHasher;
  tokens: JwtTokenService;
  payments: PaymentGateway;
  /** For the start-up line: which adapters were chosen. */
  describe: { database: 'sqlite' | 'postgres'; payments: 'test' | 'stripe' };
}

export const openStore = async (database: AdapterSettings['database']): Promise<Store> => {
  if (database.kind === 'postgres') {
    const { openPostgresStore } = await import('./storage/postgres/postgres-store.ts');
    return openPostgresStore(database.url);
  }
  if (database.file !== ':memory:') mkdirSync(dirname(database.file), { recursive: true });
  const { openSqliteStore } = await import('./storage/sqlite/sqlite-store.ts');
  return openSqliteStore(database.file);
};

export const createPayments = async (
  stripe: AdapterSettings['stripe'],
  clock: Clock,
): Promise<PaymentGateway> => {
  if (stripe) {
    const { createStripePaymentGateway } = await import('./payments/stripe/stripe-payment-gateway.ts');
    return createStripePaymentGateway(stripe);
  }
  const { createTestPaymentGateway } = await import('./payments/test/test-payment-gateway.ts');
  return createTestPaymentGateway({ now: () => clock.now() });
};

/** Opens the store (running its migrations) and builds every other port. */
export async function composePorts(settings: AdapterSettings): Promise<ComposedPorts> {
  const clock: Clock = { now: () => new Date() };
  const store = await openStore(settings.database);
  return {
    store,
    clock,
    ids: { newId: () => randomUUID() },
    hasher: createScryptPasswordHasher(),
    tokens: createJwtTokenService({ secret: settings.jwtSecret, clock }),
    payments: await createPayments(settings.stripe, clock),
    describe: { database: settings.database.kind, payments: settings.stripe ? 'stripe' : 'test' },
  };
}

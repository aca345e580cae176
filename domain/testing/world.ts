import type { Product } from '../catalog/product.ts';
import type { PasswordHasher } from '../identity/password-hasher.ts';
import type { Role, User } from '../identity/user.ts';
import type { Clock, IdGenerator, Timers } from '../shared/clock.ts';
import type { Ports } from '../ports.ts';
import type { Store } from '../store.ts';

/**
 * Test support for the domain's unit tests (not used by production code): a controllable clock,
 * predictable ids, a transparent password hasher, and helpers that arrange users and products.
 * It takes the Store from the caller, so the domain keeps importing nothing outside itself.
 */

export interface SteppingClock extends Clock {
  advance(ms: number): void;
}

export const steppingClock = (start = new Date('2026-03-01T10:00:00Z')): SteppingClock => {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
  };
};

/** Timers a test fires by hand (`beat`), after moving its clock on; `intervals` are the periods asked for. */
export interface ManualTimers extends Timers {
  beat(): void;
  intervals: number[];
}

export const manualTimers = (): ManualTimers => {
  const ticks = new Set<() => void>();
  const intervals: number[] = [];
  return {
    intervals,
    every(ms, tick) {
      intervals.push(ms);
      const own = () => tick();
      ticks.add(own);
      return () => void ticks.delete(own);
    },
    beat: () => [...ticks].forEach((tick) => tick()),
  };
};

export const sequentialIds = (prefix = 'id'): IdGenerator => {
  let next = 0;
  return { newId: () => `${prefix}-${(next += 1)}` };
};

/** Hashing is another adapter's job (scrypt); here a readable stand-in keeps tests instant. */
export const fakeHasher = (): PasswordHasher & { hashed: string[] } => {
  const hashed: string[] = [];
  return {
    hashed,
    async hash(password) {
      hashed.push(password);
      return `fake-hash:${password}`;
    },
    async verify(password, hash) {
      return hash === `fake-hash:${password}`;
    },
  };
};

export interface World {
  store: Store;
  clock: SteppingClock;
  deps: Pick<Ports, 'store' | 'clock' | 'ids' | 'hasher'>;
  addUser(input?: { name?: string; email?: string; role?: Role; password?: string }): Promise<User>;
  addProduct(input?: Partial<Pick<Product, 'name' | 'priceCents' | 'stock' | 'description' | 'imageUrl' | 'priceTiers'>>): Promise<Product>;
}

export const createWorld = (store: Store): World => {
  const clock = steppingClock();
  const ids = sequentialIds();
  const hasher = fakeHasher();
  let people = 0;

  return {
    store,
    clock,
    deps: { store, clock, ids, hasher },
    async addUser({ name, email, role = 'customer', password = 'secret-password' } = {}) {
      people += 1;
      const user: User = {
        id: ids.newId(),
        email: email ?? `person${people}@example.com`,
        name: name ?? `Person ${people}`,
        role,
        emailVerified: true,
        passwordHash: `fake-hash:${password}`,
        sessionVersion: 1,
        createdAt: clock.now(),
      };
      const created = await store.users.create(user);
      if (!created) throw new Error(`test arrangement failed: could not create ${user.email}`);
      return created;
    },
    async addProduct(input = {}) {
      const product = await store.products.create({
        id: ids.newId(),
        name: 'Brass ball valve 1/2"',
        description: 'Full-port, lead-free brass, rated 600 WOG.',
        imageUrl: '/images/ball-valve.webp',
        priceCents: 1_250,
        stock: 500,
        createdAt: clock.now(),
        ...input,
      });
      if (product === 'duplicate-sku') throw new Error('test arrangement failed: SKU taken');
      return product;
    },
  };
};

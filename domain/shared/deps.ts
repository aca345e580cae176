import type { Store } from '../store.ts';
import type { Clock, IdGenerator } from './clock.ts';

/** What every use case may touch; adapters are passed in, never imported. */
export interface CoreDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
}

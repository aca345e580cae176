/** Thrown inside a transaction to roll it back when an expected conflict makes the write moot. */
export class RollbackSignal extends Error {
  constructor(readonly reason: string) {
    super(`rolled back: ${reason}`);
  }
}

/** Time and identifiers are injected so use cases stay deterministic in tests. */
export interface Clock {
  now(): Date;
}
export interface IdGenerator {
  newId(): string;
}

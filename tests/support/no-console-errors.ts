/**
 * A vitest setup file for every project: any console.error during a test (a React warning, an
 * unhandled failure someone only logged) fails that test, so problems cannot scroll by unseen.
 */
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

let errors: unknown[][] = [];
let spy: MockInstance<typeof console.error> | null = null;

beforeEach(() => {
  errors = [];
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  spy?.mockRestore();
  expect(errors, 'console.error was called').toEqual([]);
});

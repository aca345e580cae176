// First, so its check runs after this file's cleanup (afterEach hooks run in reverse order):
// any console.error (React warnings, act() problems, failed renders) fails the test.
import '../../tests/support/no-console-errors.ts';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server, session } from './server.ts';
import { loadToasts } from '../components/ui/toaster.tsx';

// Route chunks load lazily; on a busy 2-core CI machine the first render can take over the
// default 1 s, which is slowness, not a failure.
configure({ asyncUtilTimeout: 5_000 });

// The toast library loads on the first toast in the app (docs/storefront.md, "First-load
// JavaScript"); loaded before each file, so a toast shows in the same turn as in a warm page.
// web/components/ui/toaster.test.tsx covers the first toast's wait.
beforeAll(async () => {
  await loadToasts();
});

// jsdom lacks these; radix and the carousel ask for them.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
window.scrollTo = () => {};
// Uploads: vitest 4.1's jsdom bridge copies a Blob into Node's fetch by reading jsdom's private
// `_buffer`, which jsdom 28+ renamed `_bytes`; every uploaded file would arrive as the text
// "undefined" (vitest-dev/vitest#11294, fixed only in vitest 5, which needs Node 22). Alias it.
{
  const blob = new Blob() as unknown as Record<symbol, object | undefined>;
  const [implSymbol] = Object.getOwnPropertySymbols(blob);
  const impl = implSymbol ? blob[implSymbol] : undefined;
  const implPrototype = impl ? (Object.getPrototypeOf(impl) as object) : null;
  if (implPrototype && !('_buffer' in implPrototype)) {
    Object.defineProperty(implPrototype, '_buffer', {
      get(this: { _bytes?: Uint8Array }) {
        return this._bytes;
      },
    });
  }
}

// An unexpected request is a bug in the test or the app: fail loudly.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  session.current = null;
  vi.restoreAllMocks();
});

afterAll(() => server.close());

import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

const buildAndParse = () => {
  const schema = z.object({ email: z.string().email(), quantity: z.number().int().min(100) });
  expect(schema.safeParse({ email: 'a@b.co', quantity: 150 }).success).toBe(true);
  expect(schema.safeParse({ email: 'nope', quantity: 5 }).error?.issues).toHaveLength(2);
};

describe('zod without eval (the CSP has no unsafe-eval)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('stops compiling object parsers with the Function constructor once zod-csp is loaded', async () => {
    // Control: by default zod probes and uses `new Function`, which the spy must see.
    const before = vi.spyOn(globalThis, 'Function');
    buildAndParse();
    expect(before).toHaveBeenCalled();
    vi.restoreAllMocks();

    await import('./zod-csp.ts');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    const after = vi.spyOn(globalThis, 'Function');
    buildAndParse();
    expect(after).not.toHaveBeenCalled();
  });
});

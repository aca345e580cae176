import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { createWorld, type World } from '../testing/world.ts';
import { exportCatalogue } from './export-catalogue.ts';

let world: World;
beforeEach(() => {
  world = createWorld(createMemoryStorage().repositories);
});

// The role is the use case's own check: an entry point without the HTTP middleware (a CLI, a worker) cannot skip it.
describe('exportCatalogue', () => {
  it('refuses anyone but an admin', async () => {
    const customer = await world.addUser();
    expect(await exportCatalogue(world.deps, { actor: customer })).toEqual({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('gives an admin every product as a row, a page at a time', async () => {
    const admin = await world.addUser({ role: 'admin' });
    for (let n = 0; n < 101; n++) await world.addProduct({ name: `Bolt ${n}` });
    const exported = await exportCatalogue(world.deps, { actor: admin });
    if (!exported.ok) throw new Error('refused');
    const pages: number[] = [];
    for await (const rows of exported.value) pages.push(rows.length);
    expect(pages).toEqual([100, 1]);
  });
});

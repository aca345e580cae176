/** The boundary checker must flag each forbidden arrow and pass the real tree. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { forbiddenImport } from '../../scripts/layer-rules.mjs';
// @ts-expect-error plain ESM script without type declarations
import { findImportCycles } from '../../scripts/import-cycles.mjs';
import { repoRoot } from '../support/server.ts';

const check = (from: string, specifier: string, target: string | null, isTest = false): string | null =>
  forbiddenImport({ from, specifier, target, isTest });

describe('layer rules', () => {
  it('keeps domain/ free of packages, built-ins and other layers', () => {
    expect(check('domain/ordering/place-order.ts', 'hono', null)).toMatch(/framework-free/);
    expect(check('domain/ordering/place-order.ts', 'node:crypto', null)).toMatch(/framework-free/);
    expect(check('domain/ordering/place-order.ts', '../../http/dto.ts', 'http/dto.ts')).toMatch(/outside itself/);
    expect(check('domain/ordering/place-order.ts', '../shared/money.ts', 'domain/shared/money.ts')).toBeNull();
  });

  it('keeps the gathered Store and Ports out of use cases: each declares the ports it uses', () => {
    expect(check('domain/ordering/place-order.ts', '../store.ts', 'domain/store.ts')).toMatch(/declares the ports it uses/);
    expect(check('domain/quoting/accept-quote.ts', '../ports.ts', 'domain/ports.ts')).toMatch(/declares the ports it uses/);
    expect(check('domain/ports.ts', './store.ts', 'domain/store.ts')).toBeNull();
    expect(check('domain/testing/world.ts', '../ports.ts', 'domain/ports.ts')).toBeNull();
    expect(check('domain/ordering/place-order.test.ts', '../ports.ts', 'domain/ports.ts', true)).toBeNull();
  });

  it('lets domain tests use vitest and the in-memory adapters, nothing else outside', () => {
    expect(check('domain/x.test.ts', 'vitest', null, true)).toBeNull();
    expect(check('domain/x.test.ts', '#adapters/storage/memory/memory-store.ts', 'adapters/storage/memory/memory-store.ts', true)).toBeNull();
    expect(check('domain/x.test.ts', '#adapters/storage/sqlite/sqlite-store.ts', 'adapters/storage/sqlite/sqlite-store.ts', true)).not.toBeNull();
    expect(check('domain/x.test.ts', 'hono', null, true)).not.toBeNull();
  });

  it('keeps adapters/ away from http/ and web/, aliases included', () => {
    expect(check('adapters/storage/sqlite/sqlite-store.ts', '#http/dto.ts', 'http/dto.ts')).toMatch(/adapters/);
    expect(check('adapters/storage/sqlite/sqlite-store.ts', '../../../web/lib/api.ts', 'web/lib/api.ts')).toMatch(/adapters/);
    expect(check('adapters/storage/sqlite/sqlite-store.ts', 'drizzle-orm', null)).toBeNull();
  });

  it('lets web/ take only dto.ts and schemas.ts from http/', () => {
    expect(check('web/lib/api.ts', '#http/dto.ts', 'http/dto.ts')).toBeNull();
    expect(check('web/lib/api.ts', '../../http/schemas.ts', 'http/schemas.ts')).toBeNull();
    expect(check('web/lib/api.ts', '../../http/app.ts', 'http/app.ts')).toMatch(/only/);
    expect(check('web/lib/api.ts', '#adapters/seed/demo-data.ts', 'adapters/seed/demo-data.ts')).toMatch(/adapters/);
  });

  it('lets http/ reach adapters only in the composition root (and the tests)', () => {
    expect(check('http/routes/uploads.ts', '#adapters/images/inspect-image.ts', 'adapters/images/inspect-image.ts')).toMatch(/composition|ports/);
    expect(check('http/server.ts', '#adapters/compose.ts', 'adapters/compose.ts')).toBeNull();
    expect(check('http/routes/uploads.test.ts', '#adapters/images/resize.ts', 'adapters/images/resize.ts', true)).toBeNull();
  });

  it('keeps web features apart: what two share lives in web/components or web/lib', () => {
    expect(check('web/features/admin/manage-orders-page.tsx', '../orders/delete-order-button.tsx', 'web/features/orders/delete-order-button.tsx')).toMatch(/another feature/);
    expect(check('web/features/admin/manage-orders-page.tsx', './api.ts', 'web/features/admin/api.ts')).toBeNull();
    expect(check('web/features/admin/manage-orders-page.tsx', '../../components/data-table/data-table.tsx', 'web/components/data-table/data-table.tsx')).toBeNull();
    expect(check('web/components/layout/navbar.tsx', '../../features/auth/api.ts', 'web/features/auth/api.ts')).toMatch(/shared/);
    expect(check('web/routes/login.tsx', '../features/auth/login-page.tsx', 'web/features/auth/login-page.tsx')).toBeNull();
  });

  it('finds import cycles, type-only ones included, and names one path through each tangle', () => {
    const cycles = (edges: Record<string, string[]>): { files: string[]; cycle: string[] }[] => findImportCycles(new Map(Object.entries(edges)));
    // The shape domain/ had: the store gathers the ports, a port's file also held a use case reading the store.
    expect(cycles({ 'domain/store.ts': ['domain/admin/audit-log.ts'], 'domain/admin/audit-log.ts': ['domain/store.ts', 'domain/shared/page.ts'], 'domain/shared/page.ts': [] })).toEqual([
      { files: ['domain/admin/audit-log.ts', 'domain/store.ts'], cycle: ['domain/admin/audit-log.ts', 'domain/store.ts', 'domain/admin/audit-log.ts'] },
    ]);
    expect(cycles({ 'domain/a.ts': ['domain/a.ts'] })).toEqual([{ files: ['domain/a.ts'], cycle: ['domain/a.ts', 'domain/a.ts'] }]);
    const tangle = cycles({ a: ['b'], b: ['c'], c: ['a', 'd'], d: ['e'], e: ['d'], f: ['a'] });
    expect(tangle.map(({ cycle }) => cycle)).toEqual([['a', 'b', 'c', 'a'], ['d', 'e', 'd']]);
    // Arrows that only run one way, or to files outside the graph, are no cycle.
    expect(cycles({ a: ['b', 'c'], b: ['c', 'outside.ts'], c: [] })).toEqual([]);
  });

  it('finds no forbidden import in the repository', () => {
    const result = spawnSync(process.execPath, ['scripts/check-boundaries.mjs'], { cwd: repoRoot, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});

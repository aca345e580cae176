import { describe, expect, it } from 'vitest';
import type { Category } from '#domain/catalog/category.ts';
import type { CategoryRepository } from '#domain/catalog/category-repository.ts';
import { categoriesReadOncePerVersion, readOncePerVersion } from './catalog-writes.ts';

const category = (name: string): Category => ({ id: name, name, slug: name.toLowerCase(), parentId: null }) as Category;

/** A repository whose listAll counts its reads and answers `current` (or fails while `failing`). */
const countingRepository = () => {
  const state = { reads: 0, current: [category('Fasteners')], failing: false };
  const repository = {
    async listAll() {
      state.reads++;
      if (state.failing) throw new Error('database gone');
      return state.current;
    },
  } as unknown as CategoryRepository;
  return { state, repository };
};

describe('categoriesReadOncePerVersion', () => {
  it('reads the list once per catalog version and again when the version moves', async () => {
    const { state, repository } = countingRepository();
    let version = '1';
    const categories = categoriesReadOncePerVersion(repository, () => version);
    expect(await categories.listAll()).toEqual([category('Fasteners')]);
    expect(await categories.listAll()).toEqual([category('Fasteners')]);
    expect(state.reads).toBe(1);

    state.current = [category('Fasteners'), category('Tools')];
    version = '2';
    expect((await categories.listAll()).map((c) => c.name)).toEqual(['Fasteners', 'Tools']);
    expect(state.reads).toBe(2);
  });

  it('hands each caller its own list', async () => {
    const { repository } = countingRepository();
    const categories = categoriesReadOncePerVersion(repository, () => '1');
    (await categories.listAll()).push(category('Intruder'));
    expect((await categories.listAll()).map((c) => c.name)).toEqual(['Fasteners']);
  });

  it('reads every time while the store cannot tell its version, and keeps no failed read', async () => {
    const { state, repository } = countingRepository();
    let version: string | null = null;
    const categories = categoriesReadOncePerVersion(repository, () => version);
    await categories.listAll();
    await categories.listAll();
    expect(state.reads).toBe(2);

    version = '1';
    state.failing = true;
    await expect(categories.listAll()).rejects.toThrow('database gone');
    state.failing = false;
    expect(await categories.listAll()).toEqual([category('Fasteners')]);
    expect(state.reads).toBe(4);
  });
});

describe('readOncePerVersion', () => {
  it('hands every caller the same read until the version moves, reads every time without one, and keeps no failed read', async () => {
    let reads = 0;
    let failing = false;
    const read = async () => {
      reads++;
      if (failing) throw new Error('database gone');
      return [reads];
    };
    let version: string | null = '1';
    const once = readOncePerVersion(read, () => version);
    const first = await once();
    expect(await once()).toBe(first);
    expect(reads).toBe(1);
    version = '2';
    expect(await once()).toEqual([2]);
    version = null;
    await once();
    await once();
    expect(reads).toBe(4);
    version = '3';
    failing = true;
    await expect(once()).rejects.toThrow('database gone');
    failing = false;
    expect(await once()).toEqual([6]);
    expect(reads).toBe(6);
  });
});

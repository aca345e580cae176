import { isAdmin, type User } from '../identity/user.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { forbidden, invalid, notFound, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { messages } from '../messages.ts';
import { categoryTree, isSlug, MAX_CATEGORY_NAME, slugify, type Category, type CategoryNode } from './category.ts';
import type { CategoryRepository } from './category-repository.ts';
import type { ProductRepository } from './product-repository.ts';

export type GetCategoryTreePorts = { store: { categories: Pick<CategoryRepository, 'listAll' | 'inStockCounts'> } };
type CheckCategoryPorts = { store: { categories: Pick<CategoryRepository, 'findById' | 'listAll'> } };
export type CreateCategoryPorts = CheckCategoryPorts & { store: { categories: Pick<CategoryRepository, 'create'> }; clock: Clock; ids: IdGenerator };
export type UpdateCategoryPorts = CheckCategoryPorts & { store: { categories: Pick<CategoryRepository, 'update'> } };
export type DeleteCategoryPorts = {
  store: { categories: Pick<CategoryRepository, 'listAll' | 'delete'>; products: Pick<ProductRepository, 'countInCategory'> };
};

/** `GET /api/categories`: the two-level tree with the products in stock under each. */
export const getCategoryTree = async ({ store }: GetCategoryTreePorts): Promise<CategoryNode[]> => {
  const [categories, counts] = await Promise.all([store.categories.listAll(), store.categories.inStockCounts()]);
  return categoryTree(categories, counts);
};

export interface CategoryInput {
  name?: string | undefined;
  /** Left empty: made from the name. */
  slug?: string | undefined;
  /** A department's id, or null for a department. */
  parentId?: string | null | undefined;
}

const slugTaken = (slug: string): ErrorOf<'SLUG_TAKEN'> => ({ code: 'SLUG_TAKEN', slug });

/** The category as it would be after the write, checked: two levels, a name, a well-formed slug. */
const checkCategory = async (
  { store }: CheckCategoryPorts,
  { id, next }: { id: string; next: { name: string; slug: string; parentId: string | null } },
): Promise<Record<string, string>> => {
  const fields: Record<string, string> = {};
  if (next.name === '') fields.name = messages.categoryNameRequired;
  else if (next.name.length > MAX_CATEGORY_NAME) fields.name = messages.tooLong(MAX_CATEGORY_NAME);
  // A slug made from a missing name is that name's problem, not one more to fix.
  if (!isSlug(next.slug) && !fields.name) fields.slug = messages.slugInvalid;
  if (next.parentId !== null) {
    const parent = await store.categories.findById(next.parentId);
    if (!parent || parent.id === id) fields.parentId = messages.categoryNotFound;
    else if (parent.parentId !== null) fields.parentId = messages.categoryTooDeep;
    else if ((await store.categories.listAll()).some((category) => category.parentId === id)) fields.parentId = messages.categoryTooDeep;
  }
  return fields;
};

export const createCategory = async (
  { store, clock, ids }: CreateCategoryPorts,
  { actor, category: input }: { actor: User; category: CategoryInput },
): Promise<Result<Category, ErrorOf<'FORBIDDEN' | 'VALIDATION_FAILED' | 'NOT_FOUND' | 'SLUG_TAKEN'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const name = input.name?.trim() ?? '';
  const slug = input.slug?.trim() ? input.slug.trim().toLowerCase() : slugify(name);
  const id = ids.newId();
  const next = { name, slug, parentId: input.parentId ?? null };
  const fields = await checkCategory({ store }, { id, next });
  if (Object.keys(fields).length > 0) return fail(invalid(fields));
  const created = await store.categories.create({ id, ...next, createdAt: clock.now() });
  return created === 'duplicate-slug' ? fail(slugTaken(slug)) : ok(created);
};

export const updateCategory = async (
  { store }: UpdateCategoryPorts,
  { actor, id, changes: input }: { actor: User; id: string; changes: CategoryInput },
): Promise<Result<Category, ErrorOf<'FORBIDDEN' | 'VALIDATION_FAILED' | 'NOT_FOUND' | 'SLUG_TAKEN'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const current = await store.categories.findById(id);
  if (!current) return fail(notFound('category'));
  const next = {
    name: input.name !== undefined ? input.name.trim() : current.name,
    slug: input.slug !== undefined ? input.slug.trim().toLowerCase() : current.slug,
    parentId: input.parentId !== undefined ? input.parentId : current.parentId,
  };
  const fields = await checkCategory({ store }, { id, next });
  if (Object.keys(fields).length > 0) return fail(invalid(fields));
  const updated = await store.categories.update(id, next);
  if (updated === 'duplicate-slug') return fail(slugTaken(next.slug));
  return updated ? ok(updated) : fail(notFound('category'));
};

/** Only an empty category goes: its products and categories must be moved first (409). */
export const deleteCategory = async (
  { store }: DeleteCategoryPorts,
  { actor, id }: { actor: User; id: string },
): Promise<Result<null, ErrorOf<'FORBIDDEN' | 'NOT_FOUND' | 'CATEGORY_IN_USE'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const categories = await store.categories.listAll();
  if (!categories.some((category) => category.id === id)) return fail(notFound('category'));
  const children = categories.filter((category) => category.parentId === id).length;
  const products = await store.products.countInCategory(id);
  if (children > 0 || products > 0) return fail({ code: 'CATEGORY_IN_USE', children, products });
  try {
    return (await store.categories.delete(id)) ? ok(null) : fail(notFound('category'));
  } catch {
    // A product or category filed under it between the check and the delete: the key refused it.
    return fail({ code: 'CATEGORY_IN_USE', children: 0, products: await store.products.countInCategory(id) });
  }
};

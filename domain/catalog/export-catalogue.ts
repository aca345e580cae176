import { isAdmin, type User } from '../identity/user.ts';
import { forbidden, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { catalogueRow, type CatalogueColumn } from './catalogue-csv.ts';
import type { CategoryRepository } from './category-repository.ts';
import type { ProductRepository } from './product-repository.ts';

export type ExportCataloguePorts = { store: { categories: Pick<CategoryRepository, 'listAll'>; products: Pick<ProductRepository, 'list'> } };

/** Products read per round: memory stays flat however large the catalogue. */
const PRODUCTS_PER_PAGE = 100;

/**
 * Admins only (docs/catalogue.md, "Catalogue"): the whole catalogue as the file's rows, a page of
 * products at a time, read once. The role is checked here, not only by the route, so another
 * entry point (a CLI, a worker) cannot skip it. Categories are read before the first row, so a
 * failure to read them comes before anything is written.
 */
export const exportCatalogue = async (
  { store }: ExportCataloguePorts,
  { actor }: { actor: User },
): Promise<Result<AsyncIterable<Record<CatalogueColumn, string>[]>, ErrorOf<'FORBIDDEN'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const slugs = new Map((await store.categories.listAll()).map((category) => [category.id, category.slug]));
  async function* pages() {
    let cursor: string | undefined;
    do {
      const page = await store.products.list({ limit: PRODUCTS_PER_PAGE, cursor });
      if (page.items.length > 0) yield page.items.map((product) => catalogueRow(product, slugs));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return ok(pages());
};

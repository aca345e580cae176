import { isAdmin, type User } from '../identity/user.ts';
import { domainError, forbidden, invalid, type DomainError } from '../shared/errors.ts';
import type { CoreDeps } from '../shared/deps.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { messages } from '../messages.ts';
import type { NewProduct, Product, ProductChanges } from './product.ts';

export const MAX_PRODUCT_NAME = 120;
export const MAX_PRODUCT_DESCRIPTION = 4000;
/** $1,000,000.00 a unit is far beyond any part we sell and keeps totals exact. */
export const MAX_PRICE_CENTS = 100_000_000;
export const MAX_STOCK = 10_000_000;

/** Checks the fields that are present; `required` makes every field mandatory (add product). */
const productProblems = (input: ProductChanges, required: boolean): Record<string, string> => {
  const fields: Record<string, string> = {};
  const need = (key: keyof NewProduct, message: string) => {
    if (required && input[key] === undefined) fields[key] = message;
  };
  need('name', messages.productNameRequired);
  need('description', messages.descriptionRequired);
  need('imageUrl', messages.imageMissing);
  need('priceCents', messages.priceRequired);
  need('stock', messages.quantityNotWhole);
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (name === '') fields.name = messages.productNameRequired;
    else if (name.length > MAX_PRODUCT_NAME) fields.name = messages.tooLong(MAX_PRODUCT_NAME);
  }
  if (input.description !== undefined) {
    const description = input.description.trim();
    if (description === '') fields.description = messages.descriptionRequired;
    else if (description.length > MAX_PRODUCT_DESCRIPTION) fields.description = messages.tooLong(MAX_PRODUCT_DESCRIPTION);
  }
  if (input.imageUrl !== undefined && input.imageUrl.trim() === '') fields.imageUrl = messages.imageMissing;
  if (input.priceCents !== undefined && !(Number.isSafeInteger(input.priceCents) && input.priceCents > 0 && input.priceCents <= MAX_PRICE_CENTS)) {
    fields.priceCents = messages.priceNotNumber;
  }
  if (input.stock !== undefined && !(Number.isSafeInteger(input.stock) && input.stock >= 0 && input.stock <= MAX_STOCK)) {
    fields.stock = messages.quantityNotWhole;
  }
  return fields;
};

const trimmed = <T extends ProductChanges>(input: T): T => ({
  ...input,
  ...(input.name !== undefined && { name: input.name.trim() }),
  ...(input.description !== undefined && { description: input.description.trim() }),
  ...(input.imageUrl !== undefined && { imageUrl: input.imageUrl.trim() }),
});

export const createProduct = async (
  { store, clock, ids }: CoreDeps,
  actor: User,
  input: NewProduct,
): Promise<Result<Product, DomainError>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const fields = productProblems(input, true);
  if (Object.keys(fields).length > 0) return fail(invalid(fields));
  return ok(await store.products.create({ ...trimmed(input), id: ids.newId(), createdAt: clock.now() }));
};

/** Fields left out keep their current values (the seed's "empty fields keep them"). */
export const updateProduct = async (
  { store, clock }: Pick<CoreDeps, 'store' | 'clock'>,
  actor: User,
  id: string,
  changes: ProductChanges,
): Promise<Result<Product, DomainError>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const fields = productProblems(changes, false);
  if (Object.keys(fields).length > 0) return fail(invalid(fields));
  const updated = await store.products.update(id, trimmed(changes), clock.now());
  return updated ? ok(updated) : fail(domainError('NOT_FOUND', messages.productNotFound));
};

/** Orders keep their snapshot of a deleted product. */
export const deleteProduct = async (
  { store }: Pick<CoreDeps, 'store'>,
  actor: User,
  id: string,
): Promise<Result<null, DomainError>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  return (await store.products.delete(id)) ? ok(null) : fail(domainError('NOT_FOUND', messages.productNotFound));
};

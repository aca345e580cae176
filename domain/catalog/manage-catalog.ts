import { auditNote } from '../audit/audit-log.ts';
import { isAdmin, type User } from '../identity/user.ts';
import { forbidden, invalid, notFound, type ErrorOf } from '../shared/errors.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { messages } from '../messages.ts';
import type { CategoryRepository } from './category-repository.ts';
import type { NewProduct, Product, ProductChanges } from './product.ts';
import type { ProductRepository } from './product-repository.ts';
import { checkAttributes, checkBrand, checkProductTerms, checkUnit } from './product-terms-rules.ts';
import { checkSku } from './sku.ts';
import { MAX_PRICE_CENTS, MAX_STOCK } from './product-limits.ts';
import { failuresToFields, type FieldFailure } from './term-failure.ts';

export const MAX_PRODUCT_NAME = 120;
export const MAX_PRODUCT_DESCRIPTION = 4000;
export { MAX_PRICE_CENTS, MAX_STOCK };

/** Checks the fields that are present; `required` makes every field mandatory (add product). */
export const productProblems = (input: ProductChanges, required: boolean): Record<string, string> => {
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

export const trimmed = <T extends ProductChanges>(input: T): T => ({
  ...input,
  ...(input.name !== undefined && { name: input.name.trim() }),
  ...(input.description !== undefined && { description: input.description.trim() }),
  ...(input.imageUrl !== undefined && { imageUrl: input.imageUrl.trim() }),
});

export type CatalogFields = Pick<Product, 'brand' | 'unit' | 'attributes' | 'minOrderQuantity' | 'packSize' | 'priceTiers' | 'categoryId'> & {
  sku: string | undefined;
};

/**
 * The catalogue fields and terms of a product as it would be after the write (docs/catalogue.md,
 * "Catalogue"): the SKU rule, brand, unit, specification table, minimum, pack size and volume
 * prices against its price. Gives the values to store, or field messages. The product's own
 * fields must already be valid (the price bounds the tiers); whether its category exists is the
 * caller's question (`categoryFound`).
 */
export const checkCatalogFields = (product: NewProduct, categoryFound: boolean): Result<CatalogFields, Record<string, string>> => {
  const failures: FieldFailure[] = [];
  const fields: Record<string, string> = {};
  let sku: string | undefined;
  if (product.sku !== undefined && product.sku.trim() !== '') {
    const checked = checkSku(product.sku);
    if (checked.ok) sku = checked.value;
    else failures.push({ field: 'sku', failure: checked.error });
  }
  const brand = checkBrand(product.brand);
  if (!brand.ok) failures.push({ field: 'brand', failure: brand.error });
  const unit = checkUnit(product.unit);
  if (!unit.ok) failures.push({ field: 'unit', failure: unit.error });
  const attributes = checkAttributes(product.attributes);
  if (!attributes.ok) failures.push(...attributes.error);
  const terms = checkProductTerms(product);
  if (!terms.ok) failures.push(...terms.error);
  const categoryId = product.categoryId ?? null;
  if (categoryId !== null && !categoryFound) fields.categoryId = messages.categoryNotFound;
  Object.assign(fields, failuresToFields(failures));
  if (Object.keys(fields).length > 0 || !brand.ok || !unit.ok || !attributes.ok || !terms.ok) return fail(fields);
  return ok({
    sku,
    brand: brand.value,
    unit: unit.value,
    attributes: attributes.value,
    minOrderQuantity: terms.value.minOrderQuantity,
    packSize: terms.value.packSize,
    priceTiers: terms.value.priceTiers,
    categoryId,
  });
};

type CategoryLookupPorts = { store: { categories: Pick<CategoryRepository, 'findById'> } };
export type CreateProductPorts = CategoryLookupPorts & { store: { products: Pick<ProductRepository, 'create'> }; clock: Clock; ids: IdGenerator };
export type UpdateProductPorts = CategoryLookupPorts & { store: { products: Pick<ProductRepository, 'findById' | 'update'> }; clock: Clock };
export type DeleteProductPorts = { store: { products: Pick<ProductRepository, 'findById' | 'delete'> }; clock: Clock };

/** The catalogue checks with the category looked up in the store. */
const checkCatalogFieldsIn = async ({ store }: CategoryLookupPorts, product: NewProduct) =>
  checkCatalogFields(product, product.categoryId == null || (await store.categories.findById(product.categoryId)) !== null);

const skuTaken = (sku: string | undefined): ErrorOf<'SKU_TAKEN'> => ({ code: 'SKU_TAKEN', sku: sku ?? '' });

export const createProduct = async (
  { store, clock, ids }: CreateProductPorts,
  { actor, product: input }: { actor: User; product: NewProduct },
): Promise<Result<Product, ErrorOf<'FORBIDDEN' | 'VALIDATION_FAILED' | 'SKU_TAKEN'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const fields = productProblems(input, true);
  if (Object.keys(fields).length > 0) return fail(invalid(fields));
  const product = trimmed(input);
  const catalog = await checkCatalogFieldsIn({ store }, product);
  if (!catalog.ok) return fail(invalid(catalog.error));
  const id = ids.newId();
  const at = clock.now();
  const created = await store.products.create(
    { ...product, ...catalog.value, id, createdAt: at },
    auditNote(actor, at, { kind: 'product-created', subjectId: id, summary: `Created the product ${product.name}` }),
  );
  return created === 'duplicate-sku' ? fail(skuTaken(catalog.value.sku)) : ok(created);
};

/**
 * Fields left out keep their current values (as the Edit Product form promises: empty fields keep
 * them); the terms are checked as they will be after the change (a new pack size must still
 * divide the minimum).
 */
export const updateProduct = async (
  { store, clock }: UpdateProductPorts,
  { actor, id, changes }: { actor: User; id: string; changes: ProductChanges },
): Promise<Result<Product, ErrorOf<'FORBIDDEN' | 'VALIDATION_FAILED' | 'NOT_FOUND' | 'SKU_TAKEN'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const fields = productProblems(changes, false);
  if (Object.keys(fields).length > 0) return fail(invalid(fields));
  const current = await store.products.findById(id);
  if (!current) return fail(notFound('product'));
  const change = trimmed(changes);
  const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as ProductChanges;
  const catalog = await checkCatalogFieldsIn({ store }, { ...current, ...defined });
  if (!catalog.ok) return fail(invalid(catalog.error));
  const touched = Object.fromEntries(Object.entries(catalog.value).filter(([key]) => key in defined));
  const at = clock.now();
  const updated = await store.products.update(
    id,
    { ...defined, ...touched },
    at,
    auditNote(actor, at, { kind: 'product-edited', subjectId: id, summary: `Edited the product ${current.name}`, before: current }),
  );
  if (updated === 'duplicate-sku') return fail(skuTaken(catalog.value.sku));
  return updated ? ok(updated) : fail(notFound('product'));
};

/** Orders keep their snapshot of a deleted product. */
export const deleteProduct = async (
  { store, clock }: DeleteProductPorts,
  { actor, id }: { actor: User; id: string },
): Promise<Result<null, ErrorOf<'FORBIDDEN' | 'NOT_FOUND'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const current = await store.products.findById(id);
  if (!current) return fail(notFound('product'));
  const note = auditNote(actor, clock.now(), { kind: 'product-deleted', subjectId: id, summary: `Deleted the product ${current.name}`, before: current });
  return (await store.products.delete(id, note)) ? ok(null) : fail(notFound('product'));
};

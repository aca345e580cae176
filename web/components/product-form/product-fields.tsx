import type { AnyFormApi } from '@tanstack/react-form';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { checkSku } from '#domain/catalog/sku.ts';
import { messages, termFailureMessage } from '../../lib/messages.ts';
import { MIN_ORDER_QUANTITY } from '#domain/catalog/product-terms.ts';
import type { CategoryNodeDto, ProductDto } from '#http/dto.ts';
import { productSchema, type ProductInput } from '#http/schemas.ts';
import { centsAsDollars, dollarsToCents } from '#domain/shared/money.ts';
import { dollarsField, stockTextField } from './price-and-stock-fields.ts';
import { MAX_ATTRIBUTES, MAX_PRICE_TIERS } from '#domain/catalog/product-terms-rules.ts';
import { Button } from '../ui/button.tsx';
import { checkOnChangeBlurSubmit, validateWith } from '../../lib/validate.ts';
import { useAppForm } from '../forms/form-hook.tsx';
import { checkImage } from '../forms/form-controls.tsx';
import { categoryTreeQuery } from '../../lib/queries.ts';

/** The fields of the product forms, Add Product and Edit Product. */
export type ProductFieldName = 'name' | 'price' | 'quantity' | 'description' | 'image';

/** The catalogue terms, named as the API names them: a refusal lands under its field as it is. */
type TermFieldName = 'sku' | 'categoryId' | 'brand' | 'unit' | 'minOrderQuantity' | 'packSize';

/** A volume price as typed: from this many units, this price per unit (dollars). */
interface TierRow {
  minQuantity: string;
  price: string;
}
/** A line of the specification table. */
interface SpecRow {
  name: string;
  value: string;
}

export type ProductFormValues = { name: string; price: string; quantity: string; description: string; image: File | null } & Record<TermFieldName, string> & {
  tiers: TierRow[];
  specs: SpecRow[];
};

const emptyProductForm: ProductFormValues = {
  name: '',
  price: '',
  quantity: '',
  description: '',
  image: null,
  sku: '',
  categoryId: '',
  brand: '',
  unit: '',
  minOrderQuantity: '',
  packSize: '',
  tiers: [],
  specs: [],
};

/** A count typed as text: blank (the default) or a whole number; the server checks the rest. */
const countText = (value: string): number | undefined => (/^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : undefined);

const isBlankRow = (row: object) => Object.values(row).every((cell) => String(cell).trim() === '');

/**
 * The catalogue terms as the API takes them. Adding, a blank field takes the shop's default (the
 * next BH- part number, no category or brand, by the piece, 100, packs of 1); editing, only what
 * changed from `current` is sent.
 */
export const catalogueTermsOf = (value: ProductFormValues, current?: ProductDto): Partial<ProductInput> => {
  const terms: Partial<ProductInput> = {};
  const sku = value.sku.trim();
  const brand = value.brand.trim();
  const unit = value.unit.trim();
  const categoryId = value.categoryId === '' ? null : value.categoryId;
  const minOrderQuantity = countText(value.minOrderQuantity);
  const packSize = countText(value.packSize);
  if (sku !== '' && sku.toUpperCase() !== current?.sku) terms.sku = sku;
  if (categoryId !== (current ? current.categoryId : null)) terms.categoryId = categoryId;
  if ((brand || null) !== (current ? current.brand : null)) terms.brand = brand || null;
  if (unit !== '' && unit !== current?.unit) terms.unit = unit;
  if (minOrderQuantity !== undefined && minOrderQuantity !== current?.minOrderQuantity) terms.minOrderQuantity = minOrderQuantity;
  if (packSize !== undefined && packSize !== current?.packSize) terms.packSize = packSize;
  // Rows left wholly empty are dropped; the rows' own checks keep malformed numbers from being sent.
  const priceTiers = value.tiers
    .filter((row) => !isBlankRow(row))
    .map((row) => ({ minQuantity: countText(row.minQuantity) ?? 0, unitPriceCents: dollarsToCents(row.price) ?? 0 }));
  const attributes = value.specs
    .filter((row) => !isBlankRow(row))
    .map((row) => ({ name: row.name.trim(), value: row.value.trim() }));
  if (JSON.stringify(priceTiers) !== JSON.stringify(current?.priceTiers ?? [])) terms.priceTiers = priceTiers;
  if (JSON.stringify(attributes) !== JSON.stringify(current?.attributes ?? [])) terms.attributes = attributes;
  return terms;
};

/** The API's field names on the form's fields (an upload refusal lands under the image). */
const PRODUCT_SERVER_FIELDS: Partial<Record<string, string>> = {
  priceCents: 'price',
  stock: 'quantity',
  imageUrl: 'image',
  priceTiers: 'tiers',
  attributes: 'specs',
} satisfies Partial<Record<string, ProductFieldName | 'tiers' | 'specs'>>;

/** Which form rows were sent: wholly empty rows are dropped, so the API's row 1 may be the form's row 2. */
const sentRows = (rows: readonly object[]) => rows.flatMap((row, index) => (isBlankRow(row) ? [] : [index]));

/**
 * Where a refusal of the API goes on the form submitted with `value`: `priceTiers.1.unitPriceCents`
 * under the price of the tier row that was sent second, `attributes.0.name` under the first sent
 * spec's name, `priceCents` under Price.
 */
export const productFieldOfRefusal = (value: ProductFormValues) => {
  const tierRows = sentRows(value.tiers);
  const specRows = sentRows(value.specs);
  return (apiName: string): string => {
    const tier = /^priceTiers\.(\d+)\.(minQuantity|unitPriceCents)$/.exec(apiName);
    if (tier) return `tiers[${tierRows[Number(tier[1])] ?? 0}].${tier[2] === 'minQuantity' ? 'minQuantity' : 'price'}`;
    const spec = /^attributes\.(\d+)\.(name|value)$/.exec(apiName);
    if (spec) return `specs[${specRows[Number(spec[1])] ?? 0}].${spec[2]}`;
    return PRODUCT_SERVER_FIELDS[apiName] ?? apiName;
  };
};

/** A product's current values as the form shows them, so fixing a typo is one edit, not retyping all. */
export const productFormValuesOf = (product: ProductDto): ProductFormValues => ({
  name: product.name,
  price: centsAsDollars(product.priceCents),
  quantity: String(product.stock),
  description: product.description,
  image: null,
  sku: product.sku,
  categoryId: product.categoryId ?? '',
  brand: product.brand ?? '',
  unit: product.unit,
  minOrderQuantity: String(product.minOrderQuantity),
  packSize: String(product.packSize),
  tiers: product.priceTiers.map((tier) => ({ minQuantity: String(tier.minQuantity), price: centsAsDollars(tier.unitPriceCents) })),
  specs: product.attributes.map((attribute) => ({ name: attribute.name, value: attribute.value })),
});

/** A product form: empty (Add Product) or filled with the given values (Edit Product), and so after a reset. */
export const useProductForm = (
  onSubmit: (submit: { value: ProductFormValues; formApi: AnyFormApi }) => Promise<void>,
  initial: ProductFormValues = emptyProductForm,
) => useAppForm({ defaultValues: initial, onSubmit });

type ProductForm = ReturnType<typeof useProductForm>;

type TextFieldName = Exclude<ProductFieldName, 'image'>;

/** Each typed field checked by the server's own schema. */
const productFieldChecks = {
  name: validateWith(productSchema.shape.name),
  price: validateWith(dollarsField),
  quantity: validateWith(stockTextField),
  description: validateWith(productSchema.shape.description),
} satisfies Record<TextFieldName, unknown>;

/** Empty means "keep the current value", so only a typed value is checked. */
const unlessEmpty =
  (check: (input: { value: unknown }) => string | undefined) =>
  ({ value }: { value: string }) =>
    value.trim() === '' ? undefined : check({ value });

/**
 * The product's name, price, quantity, description and image. Adding, every field is required
 * and price and quantity have hints; editing (`editing` given), the product's values are the
 * placeholders, a blank field keeps its value and the image is optional.
 */
export function ProductFields({
  form,
  idPrefix,
  editing,
}: {
  form: ProductForm;
  idPrefix: string;
  editing?: ProductDto;
}) {
  const hints: Partial<Record<TextFieldName, string>> = editing ? {} : { price: 'In dollars and cents, e.g. 12.50', quantity: 'Units in stock' };
  const placeholders: Partial<Record<TextFieldName, string>> = editing
    ? { name: editing.name, price: centsAsDollars(editing.priceCents), quantity: String(editing.stock), description: editing.description }
    : {};
  const check = (name: TextFieldName) => checkOnChangeBlurSubmit(editing ? unlessEmpty(productFieldChecks[name]) : productFieldChecks[name]);
  const textProps = (name: TextFieldName) => ({ id: `${idPrefix}-${name}`, hint: hints[name], placeholder: placeholders[name] });
  return (
    <>
      <form.AppField name="name" validators={check('name')}>
        {(field) => <field.TextField {...textProps('name')} label="Product name" />}
      </form.AppField>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="price" validators={check('price')}>
          {(field) => <field.NumberField {...textProps('price')} label="Price" decimal />}
        </form.AppField>
        <form.AppField name="quantity" validators={check('quantity')}>
          {(field) => <field.NumberField {...textProps('quantity')} label="Quantity" />}
        </form.AppField>
      </div>
      <form.AppField name="description" validators={check('description')}>
        {(field) => <field.TextareaField {...textProps('description')} label="Description" />}
      </form.AppField>
      <form.AppField name="image" validators={checkOnChangeBlurSubmit(checkImage(!editing))}>
        {(field) => <field.ImageField id={`${idPrefix}-image`} label={editing ? 'New image (optional)' : 'Image'} />}
      </form.AppField>
      <CatalogueTermFields form={form} idPrefix={idPrefix} />
    </>
  );
}

/** "Fasteners", then "Fasteners › Bolts & Screws": every department and category, in the tree's order. */
const categoryOptions = (tree: readonly CategoryNodeDto[]) => [
  { value: '', label: 'No category' },
  ...tree.flatMap((department) => [
    { value: department.id, label: department.name },
    ...department.children.map((category) => ({ value: category.id, label: `${department.name} › ${category.name}` })),
  ]),
];

const skuCheck = ({ value }: { value: string }) => {
  if (value.trim() === '') return undefined;
  const checked = checkSku(value);
  return checked.ok ? undefined : termFailureMessage(checked.error);
};

const checkDollars = validateWith(dollarsField);

const countCheck =
  (min: number) =>
  ({ value }: { value: string }) => {
    if (value.trim() === '') return undefined;
    const count = countText(value);
    if (count === undefined) return messages.notWholeNumber;
    return count < min ? messages.atLeast(min) : undefined;
  };

/** Part number, category, brand, unit, minimum and pack size: how a supplier's catalogue lists the product. */
function CatalogueTermFields({ form, idPrefix }: { form: ProductForm; idPrefix: string }) {
  const tree = useQuery(categoryTreeQuery).data ?? [];
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Catalogue</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="sku" validators={checkOnChangeBlurSubmit(skuCheck)}>
          {(field) => <field.TextField id={`${idPrefix}-sku`} label="Part number (SKU)" hint="Left empty: the next BH- number" />}
        </form.AppField>
        <form.AppField name="categoryId">
          {(field) => <field.SelectField id={`${idPrefix}-category`} label="Category" options={categoryOptions(tree)} />}
        </form.AppField>
        <form.AppField name="brand">
          {(field) => <field.TextField id={`${idPrefix}-brand`} label="Brand" />}
        </form.AppField>
        <form.AppField name="unit">
          {(field) => <field.TextField id={`${idPrefix}-unit`} label="Sold by" hint="piece, box of 100, reel of 100 m" />}
        </form.AppField>
        <form.AppField name="minOrderQuantity" validators={checkOnChangeBlurSubmit(countCheck(MIN_ORDER_QUANTITY))}>
          {(field) => <field.NumberField id={`${idPrefix}-minOrderQuantity`} label="Minimum order" hint={`At least ${MIN_ORDER_QUANTITY}, a whole number of packs`} />}
        </form.AppField>
        <form.AppField name="packSize" validators={checkOnChangeBlurSubmit(countCheck(1))}>
          {(field) => <field.NumberField id={`${idPrefix}-packSize`} label="Pack size" hint="Ordered in multiples of it" />}
        </form.AppField>
      </div>
      <form.AppField name="tiers" mode="array">
        {(rows) => (
          <EditableRows
            legend="Volume prices"
            rowName="tier"
            addLabel="Add a volume price"
            count={rows.state.value.length}
            max={MAX_PRICE_TIERS}
            onAdd={() => rows.pushValue({ minQuantity: '', price: '' })}
            onRemove={(index) => rows.removeValue(index)}
          >
            {(index) => (
              <>
                <form.AppField name={`tiers[${index}].minQuantity`} validators={checkOnChangeBlurSubmit(countCheck(MIN_ORDER_QUANTITY + 1))}>
                  {(field) => <field.NumberField id={`${idPrefix}-tier-${index}-from`} label={`Tier ${index + 1}: from (units)`} />}
                </form.AppField>
                <form.AppField
                  name={`tiers[${index}].price`}
                  // A row left wholly empty is dropped, not refused.
                  validators={checkOnChangeBlurSubmit(({ value }: { value: string }) =>
                    value.trim() === '' && form.getFieldValue(`tiers[${index}].minQuantity`).trim() === '' ? undefined : checkDollars({ value }),
                  )}
                >
                  {(field) => <field.NumberField id={`${idPrefix}-tier-${index}-price`} label={`Tier ${index + 1}: unit price`} decimal />}
                </form.AppField>
              </>
            )}
          </EditableRows>
        )}
      </form.AppField>
      <form.AppField name="specs" mode="array">
        {(rows) => (
          <EditableRows
            legend="Specifications"
            rowName="spec"
            addLabel="Add a spec"
            count={rows.state.value.length}
            max={MAX_ATTRIBUTES}
            onAdd={() => rows.pushValue({ name: '', value: '' })}
            onRemove={(index) => rows.removeValue(index)}
          >
            {(index) => (
              <>
                <form.AppField name={`specs[${index}].name`}>
                  {(field) => <field.TextField id={`${idPrefix}-spec-${index}-name`} label={`Spec ${index + 1}: name`} placeholder="Thread" />}
                </form.AppField>
                <form.AppField name={`specs[${index}].value`}>
                  {(field) => <field.TextField id={`${idPrefix}-spec-${index}-value`} label={`Spec ${index + 1}: value`} placeholder="M8 × 1.25" />}
                </form.AppField>
              </>
            )}
          </EditableRows>
        )}
      </form.AppField>
    </fieldset>
  );
}

/** A table typed as rows of two cells (volume prices, specs): each row removable, rows added up to `max`. */
function EditableRows({
  legend,
  rowName,
  addLabel,
  count,
  max,
  onAdd,
  onRemove,
  children,
}: {
  legend: string;
  /** Names a row for its Remove button: "Remove tier 2". */
  rowName: string;
  addLabel: string;
  count: number;
  max: number;
  onAdd: () => void;
  onRemove: (index: number) => void;
  children: (index: number) => ReactNode;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
          {children(index)}
          <Button variant="ghost" className="px-3 py-2" aria-label={`Remove ${rowName} ${index + 1}`} onClick={() => onRemove(index)}>
            Remove
          </Button>
        </div>
      ))}
      {count < max ? (
        <Button variant="secondary" className="px-3 py-1.5" onClick={onAdd}>
          {addLabel}
        </Button>
      ) : null}
    </fieldset>
  );
}

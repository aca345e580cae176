import type { AnyFormApi } from '@tanstack/react-form';
import type { ProductDto } from '#http/dto.ts';
import { productSchema } from '#http/schemas.ts';
import { dollarsField, stockTextField } from './price-and-stock-fields.ts';
import { checkOnChangeBlurSubmit, validateWith } from '../../lib/validate.ts';
import { useAppForm } from '../forms/form-hook.tsx';
import { checkImage } from '../forms/form-controls.tsx';

/** The fields of the product forms, Add Product and Edit Product. */
export type ProductFieldName = 'name' | 'price' | 'quantity' | 'description' | 'image';

export type ProductFormValues = { name: string; price: string; quantity: string; description: string; image: File | null };

const emptyProductForm: ProductFormValues = { name: '', price: '', quantity: '', description: '', image: null };

/** The API's field names on the form's fields (an upload refusal lands under the image). */
export const PRODUCT_SERVER_FIELDS = {
  name: 'name',
  priceCents: 'price',
  stock: 'quantity',
  description: 'description',
  imageUrl: 'image',
  image: 'image',
} as const satisfies Record<string, ProductFieldName>;

/** A product's current values as the form shows them, so fixing a typo is one edit, not retyping all. */
export const productFormValuesOf = (product: ProductDto): ProductFormValues => ({
  name: product.name,
  price: centsAsDollars(product.priceCents),
  quantity: String(product.stock),
  description: product.description,
  image: null,
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

/** 1250 → '12.50', exactly, for the price placeholder. */
const centsAsDollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

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
    </>
  );
}

import { useForm } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { labels, messages } from '#domain/messages.ts';
import type { ProductDto } from '#http/dto.ts';
import { dollarsField, productSchema, stockTextField, type ProductPatch } from '#http/schemas.ts';
import { api } from '../../lib/api.ts';
import { productQuery } from '../../lib/queries.ts';
import { checkOnChangeBlurSubmit, validateWith } from '../../lib/validate.ts';
import { notify } from '../../components/ui/toaster.tsx';
import {
  checkImage,
  failureMessage,
  ImageField,
  SaveButton,
  serverFieldErrors,
  TextField,
  uploadChosenImage,
  type SavePhase,
} from '../catalog-admin/form-controls.tsx';

type FieldName = 'name' | 'price' | 'quantity' | 'description' | 'image';

const SERVER_FIELDS = {
  name: 'name',
  priceCents: 'price',
  stock: 'quantity',
  description: 'description',
  imageUrl: 'image',
  image: 'image',
} as const satisfies Record<string, FieldName>;

/** Empty means "keep the current value", so only a typed value is checked. */
const unlessEmpty =
  (check: (input: { value: unknown }) => string | undefined) =>
  ({ value }: { value: string }) =>
    value.trim() === '' ? undefined : check({ value });

/** 1250 → '12.50', exactly, for the price placeholder. */
const centsAsDollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

type EditValues = { name: string; price: string; quantity: string; description: string; image: File | null };

/** The typed fields that differ from the product; blank ones keep their value and are not sent. */
const changedFields = (product: ProductDto, value: EditValues): ProductPatch => {
  const patch: ProductPatch = {};
  const name = value.name.trim();
  const description = value.description.trim();
  if (name !== '' && name !== product.name) patch.name = name;
  if (description !== '' && description !== product.description) patch.description = description;
  if (value.price.trim() !== '') {
    const priceCents = dollarsField.parse(value.price);
    if (priceCents !== product.priceCents) patch.priceCents = priceCents;
  }
  if (value.quantity.trim() !== '') {
    const stock = stockTextField.parse(value.quantity);
    if (stock !== product.stock) patch.stock = stock;
  }
  return patch;
};

/**
 * The seed's admin "Edit Product" card on the product page: the current values are the
 * placeholders, blank fields keep them, and only what changed is sent (PATCH).
 */
export default function EditProductForm({ product }: { product: ProductDto }) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<SavePhase>('idle');
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const form = useForm({
    defaultValues: { name: '', price: '', quantity: '', description: '', image: null } as EditValues,
    onSubmit: async ({ value, formApi }) => {
      setServerErrors({});
      const patch = changedFields(product, value);
      if (Object.keys(patch).length === 0 && !value.image) {
        notify.error(messages.nothingToUpdate);
        return;
      }
      try {
        if (value.image) {
          setPhase('uploading');
          patch.imageUrl = await uploadChosenImage(value.image);
        }
        setPhase('saving');
        const updated = await api.updateProduct(product.id, patch);
        queryClient.setQueryData(productQuery(product.id).queryKey, updated);
        formApi.reset();
        notify.success(messages.productUpdated);
        await queryClient.invalidateQueries({ queryKey: ['products'] });
      } catch (error) {
        setServerErrors(serverFieldErrors(error, SERVER_FIELDS, messages.productUpdateFailed));
        notify.error(failureMessage(error, messages.productUpdateFailed));
      } finally {
        setPhase('idle');
      }
    },
  });
  const clear = (name: FieldName) => () => setServerErrors(({ [name]: _dropped, ...rest }) => rest);

  return (
    <form
      noValidate
      aria-labelledby="edit-product-heading"
      aria-busy={phase !== 'idle'}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <h2 id="edit-product-heading" className="text-xl font-bold text-slate-900">
        {labels.editProduct}
      </h2>
      <p className="text-sm text-slate-700">Leave a field empty to keep its current value.</p>
      <form.Field name="name" validators={checkOnChangeBlurSubmit(unlessEmpty(validateWith(productSchema.shape.name)))}>
        {(field) => <TextField field={field} id="edit-name" label="Product name" placeholder={product.name} serverError={serverErrors.name} onEdit={clear('name')} />}
      </form.Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.Field name="price" validators={checkOnChangeBlurSubmit(unlessEmpty(validateWith(dollarsField)))}>
          {(field) => (
            <TextField field={field} id="edit-price" label="Price" inputMode="decimal" placeholder={centsAsDollars(product.priceCents)} serverError={serverErrors.price} onEdit={clear('price')} />
          )}
        </form.Field>
        <form.Field name="quantity" validators={checkOnChangeBlurSubmit(unlessEmpty(validateWith(stockTextField)))}>
          {(field) => (
            <TextField field={field} id="edit-quantity" label="Quantity" inputMode="numeric" placeholder={String(product.stock)} serverError={serverErrors.quantity} onEdit={clear('quantity')} />
          )}
        </form.Field>
      </div>
      <form.Field name="description" validators={checkOnChangeBlurSubmit(unlessEmpty(validateWith(productSchema.shape.description)))}>
        {(field) => (
          <TextField field={field} id="edit-description" label="Description" multiline placeholder={product.description} serverError={serverErrors.description} onEdit={clear('description')} />
        )}
      </form.Field>
      <form.Field name="image" validators={checkOnChangeBlurSubmit(checkImage(false))}>
        {(field) => <ImageField field={field} id="edit-image" label="New image (optional)" serverError={serverErrors.image} onEdit={clear('image')} />}
      </form.Field>
      <SaveButton phase={phase} label={labels.saveEdit} />
    </form>
  );
}

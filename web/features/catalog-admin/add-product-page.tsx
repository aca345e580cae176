import { useForm } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { labels, messages } from '#domain/messages.ts';
import { dollarsField, productSchema, stockTextField } from '#http/schemas.ts';
import { api } from '../../lib/api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
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
} from './form-controls.tsx';

type FieldName = 'name' | 'price' | 'quantity' | 'description' | 'image';

/** The API's field names on the form's fields (an upload refusal lands under the image). */
const SERVER_FIELDS = {
  name: 'name',
  priceCents: 'price',
  stock: 'quantity',
  description: 'description',
  imageUrl: 'image',
  image: 'image',
} as const satisfies Record<string, FieldName>;

const emptyProduct = { name: '', price: '', quantity: '', description: '', image: null as File | null };

/**
 * Add Product (admin): the image is uploaded first, then the product is created with its URL,
 * and every product list is refreshed so the new one leads the home page.
 */
export function AddProductPage() {
  usePageMeta(labels.addProduct, 'Add a product to the Bulkhead catalogue.');
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<SavePhase>('idle');
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const form = useForm({
    defaultValues: emptyProduct,
    onSubmit: async ({ value, formApi }) => {
      setServerErrors({});
      try {
        setPhase('uploading');
        const imageUrl = await uploadChosenImage(value.image as File);
        setPhase('saving');
        await api.createProduct({
          name: value.name.trim(),
          description: value.description.trim(),
          imageUrl,
          priceCents: dollarsField.parse(value.price),
          stock: stockTextField.parse(value.quantity),
        });
        formApi.reset();
        notify.success(messages.productAdded);
        await queryClient.invalidateQueries({ queryKey: ['products'] });
      } catch (error) {
        setServerErrors(serverFieldErrors(error, SERVER_FIELDS, messages.productAddFailed));
        notify.error(failureMessage(error, messages.productAddFailed));
      } finally {
        setPhase('idle');
      }
    },
  });
  const clear = (name: FieldName) => () => setServerErrors(({ [name]: _dropped, ...rest }) => rest);

  return (
    <section aria-labelledby="add-product-heading">
      <h2 id="add-product-heading" className="mb-4 text-xl font-bold text-slate-900">
        {labels.addProduct}
      </h2>
      <form
        noValidate
        aria-label={labels.addProduct}
        aria-busy={phase !== 'idle'}
        className="max-w-2xl space-y-4 rounded-lg border border-slate-200 bg-white p-5"
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <form.Field name="name" validators={checkOnChangeBlurSubmit(validateWith(productSchema.shape.name))}>
          {(field) => <TextField field={field} id="product-name" label="Product name" serverError={serverErrors.name} onEdit={clear('name')} />}
        </form.Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <form.Field name="price" validators={checkOnChangeBlurSubmit(validateWith(dollarsField))}>
            {(field) => (
              <TextField field={field} id="product-price" label="Price" hint="In dollars and cents, e.g. 12.50" inputMode="decimal" serverError={serverErrors.price} onEdit={clear('price')} />
            )}
          </form.Field>
          <form.Field name="quantity" validators={checkOnChangeBlurSubmit(validateWith(stockTextField))}>
            {(field) => (
              <TextField field={field} id="product-quantity" label="Quantity" hint="Units in stock" inputMode="numeric" serverError={serverErrors.quantity} onEdit={clear('quantity')} />
            )}
          </form.Field>
        </div>
        <form.Field name="description" validators={checkOnChangeBlurSubmit(validateWith(productSchema.shape.description))}>
          {(field) => (
            <TextField field={field} id="product-description" label="Description" multiline serverError={serverErrors.description} onEdit={clear('description')} />
          )}
        </form.Field>
        <form.Field name="image" validators={checkOnChangeBlurSubmit(checkImage(true))}>
          {(field) => <ImageField field={field} id="product-image" serverError={serverErrors.image} onEdit={clear('image')} />}
        </form.Field>
        <SaveButton phase={phase} label={labels.addProduct} />
      </form>
    </section>
  );
}

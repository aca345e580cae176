import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import type { ProductDto } from '#http/dto.ts';
import type { ProductPatch } from '#http/schemas.ts';
import { useUpdateProduct } from './api.ts';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { dollarsField, stockTextField } from '../../components/product-form/price-and-stock-fields.ts';
import { SaveButton, useSaveWithImage } from '../../components/forms/form-controls.tsx';
import { catalogueTermsOf, productFieldOfRefusal, ProductFields, productFormValuesOf, useProductForm, type ProductFormValues } from '../../components/product-form/product-fields.tsx';

/** The typed fields that differ from the product; blank ones keep their value and are not sent. */
const changedFields = (product: ProductDto, value: ProductFormValues): ProductPatch => {
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
  return { ...patch, ...catalogueTermsOf(value, product) };
};

/**
 * The admin's "Edit Product" card on the product page: the fields hold the current values, a
 * field left blank keeps its value, and only what changed is sent (PATCH).
 */
export default function EditProductForm({ product }: { product: ProductDto }) {
  const update = useUpdateProduct(product);
  const { phase, save } = useSaveWithImage();
  const form = useProductForm(async ({ value, formApi }) => {
    const patch = changedFields(product, value);
    if (Object.keys(patch).length === 0 && !value.image) {
      notify.error(messages.nothingToUpdate);
      return;
    }
    try {
      const updated = await save(value.image, (imageUrl) => update.mutateAsync(imageUrl ? { ...patch, imageUrl } : patch));
      formApi.reset(productFormValuesOf(updated));
      notify.success(messages.productUpdated);
    } catch (error) {
      showRefusal(formApi, error, { rename: productFieldOfRefusal(value), fallback: messages.productUpdateFailed });
    }
  }, productFormValuesOf(product));

  return (
    <form
      noValidate
      aria-labelledby="edit-product-heading"
      aria-busy={phase !== 'idle'}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5"
      onSubmit={submitWithoutReload(form)}
    >
      <h2 id="edit-product-heading" className="text-xl font-bold text-slate-900">
        {labels.editProduct}
      </h2>
      <p className="text-sm text-slate-700">Change what needs changing; a field left empty keeps its current value.</p>
      <ProductFields form={form} idPrefix="edit" editing={product} />
      <SaveButton phase={phase} label={labels.saveEdit} />
    </form>
  );
}

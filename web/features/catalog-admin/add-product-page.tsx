import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { labels, messages } from '#domain/messages.ts';
import { dollarsField, stockTextField } from '#http/schemas.ts';
import { api } from '../../lib/api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { SaveButton, uploadChosenImage, useSaveErrors, type SavePhase } from './form-controls.tsx';
import { PRODUCT_SERVER_FIELDS, ProductFields, useProductForm } from './product-fields.tsx';

/**
 * Add Product (admin): the image is uploaded first, then the product is created with its URL,
 * and every product list is refreshed so the new one leads the home page.
 */
export function AddProductPage() {
  usePageMeta(labels.addProduct, 'Add a product to the Bulkhead catalogue.');
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<SavePhase>('idle');
  const { serverErrors, clearServerErrors, showSaveFailure, clearOnEdit } = useSaveErrors(PRODUCT_SERVER_FIELDS, messages.productAddFailed);
  const form = useProductForm(async ({ value, formApi }) => {
    clearServerErrors();
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
      showSaveFailure(error);
    } finally {
      setPhase('idle');
    }
  });

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
        onSubmit={submitWithoutReload(form)}
      >
        <ProductFields form={form} idPrefix="product" serverErrors={serverErrors} clearOnEdit={clearOnEdit} />
        <SaveButton phase={phase} label={labels.addProduct} />
      </form>
    </section>
  );
}

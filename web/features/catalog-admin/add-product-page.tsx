import { webMessages } from '../../lib/web-messages.ts';
import { labels } from '../../lib/labels.ts';
import { dollarsField, stockTextField } from '../../components/product-form/price-and-stock-fields.ts';
import { useCreateProduct } from './api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { SaveButton, useSaveWithImage } from '../../components/forms/form-controls.tsx';
import { catalogueTermsOf, productFieldOfRefusal, ProductFields, useProductForm } from '../../components/product-form/product-fields.tsx';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';

/**
 * Add Product (admin): the image is uploaded first, then the product is created with its URL,
 * and every product list is refreshed so the new one leads the home page.
 */
export function AddProductPage() {
  usePageMeta(labels.addProduct, 'Add a product to the Bulkhead catalogue.');
  const createProduct = useCreateProduct();
  const { phase, save } = useSaveWithImage();
  const form = useProductForm(async ({ value, formApi }) => {
    try {
      // The form requires the image (checkImage), so the URL is there.
      await save(value.image, (imageUrl) =>
        createProduct.mutateAsync({
          name: value.name.trim(),
          description: value.description.trim(),
          imageUrl: imageUrl ?? '',
          priceCents: dollarsField.parse(value.price),
          stock: stockTextField.parse(value.quantity),
          ...catalogueTermsOf(value),
        }),
      );
      formApi.reset();
      notify.success(webMessages.productAdded);
    } catch (error) {
      showRefusal(formApi, error, { rename: productFieldOfRefusal(value), fallback: webMessages.productAddFailed });
    }
  });

  return (
    <DashboardSection id="add-product" title={labels.addProduct}>
      <form
        noValidate
        aria-label={labels.addProduct}
        aria-busy={phase !== 'idle'}
        className="max-w-2xl space-y-4 rounded-lg border border-slate-200 bg-white p-5"
        onSubmit={submitWithoutReload(form)}
      >
        <ProductFields form={form} idPrefix="product" />
        <SaveButton phase={phase} label={labels.addProduct} />
      </form>
    </DashboardSection>
  );
}

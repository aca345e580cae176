import { lazy, Suspense } from 'react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import type { ProductDto } from '#http/dto.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

const EditProductForm = lazy(() => import('./edit-product-form.tsx'));

/**
 * What an admin sees in a product page's buy box: admins run the shop and cannot buy (Purchase
 * Now is never offered to them); they edit the product here instead. Loaded only for admins.
 */
export default function AdminProductBox({ product }: { product: ProductDto }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <Button disabled aria-describedby="admin-cannot-buy">
          {labels.purchaseNow}
        </Button>
        <p id="admin-cannot-buy" className="text-sm text-slate-700">
          {messages.adminCannotBuy}.
        </p>
      </div>
      <Suspense fallback={<Spinner label="Loading the edit form" />}>
        <EditProductForm key={product.id} product={product} />
      </Suspense>
    </>
  );
}

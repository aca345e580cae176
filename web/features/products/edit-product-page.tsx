import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { labels } from '../../lib/labels.ts';
import { productQuery } from './api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import EditProductForm from './edit-product-form.tsx';

/** Edit Product in the dashboard, reached from Manage Products: the same form as on the product page. */
export function EditProductPage({ productId }: { productId: string }) {
  const { data: product } = useSuspenseQuery(productQuery(productId));
  usePageMeta(`${labels.editProduct}: ${product.name}`, `Edit ${product.name} in the Bulkhead catalogue.`);
  return (
    <section aria-label={labels.editProduct} className="space-y-4">
      <Link to="/dashboard/manageProduct" className="text-sm font-semibold text-slate-900 underline">
        ← Back to {labels.manageProducts}
      </Link>
      <p className="text-slate-700">
        {product.name} · SKU {product.sku} ·{' '}
        <Link to="/product/$productId" params={{ productId: product.id }} className="underline">
          see it in the shop
        </Link>
      </p>
      <EditProductForm key={product.id} product={product} />
    </section>
  );
}

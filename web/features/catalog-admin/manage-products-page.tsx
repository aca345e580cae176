import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { labels, messages } from '#domain/messages.ts';
import type { ProductDto } from '#http/dto.ts';
import { api } from '../../lib/api.ts';
import { manageProductsQuery } from '../../lib/queries.ts';
import { formatCents } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { failureMessage } from './form-controls.tsx';
import { thumbnailImage } from '../../lib/image-sizes.ts';

const th = 'px-3 py-3 text-left text-xs font-bold tracking-wide text-slate-700 uppercase';
const td = 'px-3 py-3 align-middle text-sm text-slate-800';

function DeleteProductButton({ product }: { product: ProductDto }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => api.deleteProduct(product.id),
    onSuccess: () => notify.success(messages.productDeleted),
    onError: (error) => notify.error(failureMessage(error, messages.serverError)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="danger" className="px-3 py-1.5" disabled={remove.isPending} aria-label={`Delete product ${product.name}`}>
          Delete
        </Button>
      }
      description={`${product.name} will be removed from the catalogue. Orders already placed keep their own copy of it.`}
      confirmLabel={labels.yesDelete}
      onConfirm={() => remove.mutate()}
    />
  );
}

/** Manage Products (admin): every product, newest first, loaded 100 at a time. */
export function ManageProductsPage() {
  usePageMeta(labels.manageProducts, 'Edit or delete the products of the Bulkhead catalogue.');
  const products = useInfiniteQuery(manageProductsQuery);
  const items = products.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="manage-products-heading">
      <h2 id="manage-products-heading" className="mb-4 text-xl font-bold text-slate-900">
        {labels.manageProducts}
      </h2>
      {products.isPending ? (
        <Spinner label="Loading products" />
      ) : products.isError ? (
        <p role="alert">We could not load the products. Please try again.</p>
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
          No products yet.{' '}
          <Link to="/dashboard/addProduct" className="font-semibold underline">
            {labels.addProduct}
          </Link>
        </p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200">
              <thead className="bg-slate-100">
                <tr>
                  <th className={th}>Image</th>
                  <th className={th}>Name</th>
                  <th className={th}>Price</th>
                  <th className={th}>Quantity</th>
                  <th className={th}>Edit</th>
                  <th className={th}>Delete</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((product) => (
                  <tr key={product.id}>
                    <td className={td}>
                      <img src={thumbnailImage(product.imageUrl)} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 rounded-full border border-slate-200 bg-slate-50 object-contain" />
                    </td>
                    <td className={`${td} font-semibold`}>{product.name}</td>
                    <td className={td}>{formatCents(product.priceCents)}</td>
                    <td className={td}>{product.stock}</td>
                    <td className={td}>
                      <Link
                        to="/product/$productId"
                        params={{ productId: product.id }}
                        className={buttonClass('secondary', 'px-3 py-1.5')}
                        aria-label={`Edit product ${product.name}`}
                      >
                        Edit
                      </Link>
                    </td>
                    <td className={td}>
                      <DeleteProductButton product={product} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMoreFooter shown={items.length} noun="product" pages={products} />
        </>
      )}
    </section>
  );
}

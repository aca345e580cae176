import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { labels } from '../../lib/labels.ts';
import type { ProductDto } from '#http/dto.ts';
import { EXPORT_PRODUCTS_URL, manageProductsQuery, useDeleteProduct } from './api.ts';
import { formatCents } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { thumbnailImage } from '../../lib/image-sizes.ts';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';
import { countOf } from '#domain/catalog/units.ts';


function DeleteProductButton({ product }: { product: ProductDto }) {
  const remove = useDeleteProduct(product);
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

const productColumns: Column<ProductDto>[] = [
  {
    header: 'Image',
    cell: (product) => (
      <img src={thumbnailImage(product.imageUrl)} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 rounded-full border border-slate-200 bg-slate-50 object-contain" />
    ),
  },
  { header: 'Name', role: 'title', className: 'font-semibold', cell: (product) => product.name },
  { header: 'Price', cell: (product) => formatCents(product.priceCents) },
  { header: 'Quantity', cell: (product) => countOf(product.stock, product.unit) },
  {
    header: 'Edit',
    role: 'actions',
    cell: (product) => (
      <Link to="/dashboard/editProduct/$productId" params={{ productId: product.id }} className={buttonClass('secondary', 'px-3 py-1.5')} aria-label={`Edit product ${product.name}`}>
        Edit
      </Link>
    ),
  },
  { header: 'Delete', role: 'actions', cell: (product) => <DeleteProductButton product={product} /> },
];

/** Manage Products (admin): every product, newest first, loaded 100 at a time. */
export function ManageProductsPage() {
  usePageMeta(labels.manageProducts, 'Edit or delete the products of the Bulkhead catalogue.');
  const products = useInfiniteQuery(manageProductsQuery);
  return (
    <DashboardSection id="manage-products" title={labels.manageProducts}>
      {/* A plain download: the browser sends the session cookie and saves the streamed file. */}
      <div className="mb-4 flex flex-wrap gap-3">
        <a href={EXPORT_PRODUCTS_URL} download className={buttonClass('secondary')}>
          Export catalogue (CSV)
        </a>
        <Link to="/dashboard/importProducts" className={buttonClass('secondary')}>
          {labels.importCatalogue}
        </Link>
      </div>
      <PagedList
        pages={products}
        noun="product"
        failed="We could not load the products. Please try again."
        empty={
          <>
            No products yet.{' '}
            <Link to="/dashboard/addProduct" className="font-semibold underline">
              {labels.addProduct}
            </Link>
          </>
        }
      >
        {(items) => <DataTable caption={labels.manageProducts} columns={productColumns} rows={items} rowKey={(product) => product.id} />}
      </PagedList>
    </DashboardSection>
  );
}

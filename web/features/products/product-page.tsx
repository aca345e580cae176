import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { productQuery } from './api.ts';
import { formatCents } from '../../lib/format.ts';
import { isAdmin, useSession } from '../../lib/session.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { PurchaseForm } from './purchase-form.tsx';
import { CategoryBreadcrumb, PriceTierTable, ProductIdentity, SpecTable } from './product-specs.tsx';
import { ListPrice, MemberPriceLine, termsFor, useYourPrice } from '../../components/catalog/your-price.tsx';
import { responsiveImage } from '../../lib/image-sizes.ts';
import { countOf, eachOf, unitOfSale } from '#domain/catalog/units.ts';

// Only admins edit; customers never download the edit form and its image upload.
const EditProductForm = lazy(() => import('./edit-product-form.tsx'));

export function ProductPage({ productId }: { productId: string }) {
  const { data: product } = useSuspenseQuery(productQuery(productId));
  const session = useSession();
  const yourPrice = useYourPrice(product);
  return (
    <article className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-2">
      <div className="self-start overflow-hidden rounded-xl border border-slate-200 bg-white">
        <img {...responsiveImage(product.imageUrl, '(min-width: 768px) 50vw, 100vw')} alt={product.name} className="aspect-[4/3] w-full object-contain p-4" />
      </div>
      <div className="min-w-0 space-y-4">
        <CategoryBreadcrumb product={product} />
        <h1 className="text-3xl font-extrabold text-slate-900">{product.name}</h1>
        <ProductIdentity product={product} />
        <p className="text-xl font-bold text-amber-800">
          <ListPrice struck={yourPrice !== null}>
            Price: {formatCents(product.priceCents)} <span className="text-base font-semibold text-slate-700">per {unitOfSale(product.unit)}
              {eachOf(product.priceCents, product.unit) ? ` · ${eachOf(product.priceCents, product.unit)}` : ''}
            </span>
          </ListPrice>
          <MemberPriceLine yourPriceCents={yourPrice?.unitPriceCents ?? null} unit={product.unit} className="mt-1 text-lg" />
        </p>
        <PriceTierTable product={product} yourPrice={yourPrice} />
        <p className="text-slate-700">{product.description}</p>
        <SpecTable product={product} />
        <p className="font-semibold text-slate-900">
          {product.stock > 0 ? `Available Quantity: ${countOf(product.stock, product.unit)}` : labels.productSold}
        </p>
        {isAdmin(session) ? (
          <>
            {/* Admins run the shop and cannot buy (Purchase Now is never offered to them); they edit the product here instead. */}
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
        ) : session === undefined ? (
          // Who is asking is not known on the server nor while the page hydrates: the buy box's
          // place is held at the height of a visitor's (quantity, advice, total, Add to cart, Login),
          // so its arrival moves nothing below it (docs/storefront.md, "How a page is served").
          <div className="flex min-h-[389px] items-center justify-center rounded-lg border border-slate-200 bg-white">
            <Spinner label="Loading the order form" />
          </div>
        ) : (
          <PurchaseForm key={product.id} product={termsFor(product, yourPrice)} />
        )}
      </div>
    </article>
  );
}

import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { labels } from '../../lib/labels.ts';
import { productQuery } from './api.ts';
import { formatCents } from '../../lib/format.ts';
import { isAdmin, useSession } from '../../lib/session.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { CategoryBreadcrumb, PriceTierTable, ProductIdentity, SpecTable } from './product-specs.tsx';
import { ListPrice, MemberPriceLine, termsFor, useYourPrice } from '../../components/catalog/your-price.tsx';
import { responsiveImage } from '../../lib/image-sizes.ts';
import { countOf, eachOf, unitOfSale } from '#domain/catalog/units.ts';

// Only admins edit; customers never download the edit form and its image upload.
const AdminProductBox = lazy(() => import('./admin-product-box.tsx'));
// The buy box is drawn once who is asking is known, in the browser only: its form machinery,
// validation and pricing load then, not with the page (docs/storefront.md, "First-load JavaScript").
const PurchaseForm = lazy(() => import('./purchase-form.tsx').then((module) => ({ default: module.PurchaseForm })));

/**
 * The buy box's place, held at the height of a visitor's order form (quantity, advice, total,
 * Add to cart, Login) so its arrival moves nothing below it (docs/storefront.md, "How a page is
 * served"). Without JavaScript the box never arrives: it says so instead of loading forever
 * (docs/storefront.md, "Without JavaScript"), in a box as tall as its sentence.
 */
function OrderFormPlace() {
  return (
    <div className="flex min-h-[389px] items-center justify-center rounded-lg border border-slate-200 bg-white [@media(scripting:none)]:min-h-0">
      <div className="[@media(scripting:none)]:hidden">
        <Spinner label="Loading the order form" />
      </div>
      <noscript>
        <p className="max-w-sm p-6 text-center text-slate-700">
          {labels.orderingNeedsJavaScript}
        </p>
      </noscript>
    </div>
  );
}

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
          <Suspense fallback={<Spinner label="Loading the edit form" />}>
            <AdminProductBox product={product} />
          </Suspense>
        ) : session === undefined ? (
          // Who is asking is not known on the server nor while the page hydrates.
          <OrderFormPlace />
        ) : (
          <Suspense fallback={<OrderFormPlace />}>
            <PurchaseForm key={product.id} product={termsFor(product, yourPrice)} />
          </Suspense>
        )}
      </div>
    </article>
  );
}

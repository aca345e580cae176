import { Link } from '@tanstack/react-router';
import { labels } from '../../lib/labels.ts';
import { lowestUnitPrice } from '#domain/catalog/pricing.ts';
import { availabilityOf } from '#domain/catalog/quantity-advice.ts';
import type { ProductDto } from '#http/dto.ts';
import { formatCents, truncate } from '../../lib/format.ts';
import { buttonClass } from '../ui/button.tsx';
import { responsiveImage } from '../../lib/image-sizes.ts';
import { countOf } from '#domain/catalog/units.ts';

/** The card's width in the grid below: one column on phones, two from md, three (at most ~400px) from lg. */
const CARD_SIZES = '(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw';

/**
 * The product card: name, part number, image, price per unit ("from" the lowest tier price when
 * volume prices exist), 80-character description, stock, minimum, Buy Now.
 * `headingLevel` keeps the outline unbroken: 3 under a section's h2 (home), 2 right under a page's h1.
 * `aboveTheFold` cards (a page's first row) load their image at once, the first at high priority:
 * lazy loading would hold back the largest thing on the screen.
 */
export function ProductCard({
  product,
  headingLevel = 3,
  aboveTheFold = 'no',
}: {
  product: ProductDto;
  headingLevel?: 2 | 3;
  aboveTheFold?: 'no' | 'yes' | 'first';
}) {
  const cut = product.description.length > 80;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // Link texts name their product (hidden visually): a list of six identical "Read More" or
  // "Buy Now" links tells a screen-reader user nothing, and search engines flag generic link text.
  const about = (
    <>
      {' '}
      <span className="sr-only">{product.name}</span>
    </>
  );
  const availability = availabilityOf(product);
  const toProduct = { to: '/product/$productId', params: { productId: product.id } } as const;
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {/* The picture opens the product too; one tab stop per card is enough (the title link). */}
      <Link {...toProduct} tabIndex={-1} aria-hidden="true">
        <img
          {...responsiveImage(product.imageUrl, CARD_SIZES)}
          alt=""
          loading={aboveTheFold === 'no' ? 'lazy' : 'eager'}
          fetchPriority={aboveTheFold === 'first' ? 'high' : 'auto'}
          width={400} height={300} className="aspect-[4/3] w-full bg-slate-100 object-contain p-3" />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <Heading className="text-lg font-bold text-slate-900">
          <Link {...toProduct} className="hover:underline focus-visible:underline">
            {product.name}
          </Link>
        </Heading>
        <p className="font-mono text-xs text-slate-700">
          SKU {product.sku}
          {product.brand ? <span className="font-sans"> · {product.brand}</span> : null}
        </p>
        <p className="font-semibold text-amber-800">
          {product.priceTiers.length > 0 ? `From ${formatCents(lowestUnitPrice(product))}` : `Price: ${formatCents(product.priceCents)}`}
          <span className="font-normal text-slate-700"> / {product.unit}</span>
        </p>
        <p className="text-sm text-slate-700">
          {truncate(product.description, 80)}
          {cut ? (
            <>
              {' '}
              <Link to="/product/$productId" params={{ productId: product.id }} className="font-semibold text-slate-900 underline">
                {labels.readMore}
                {about}
              </Link>
            </>
          ) : null}
        </p>
        <p className="text-sm">
          {availability === 'orderable'
            ? `Available Quantity: ${countOf(product.stock, product.unit)}`
            : availability === 'sold-out'
              ? labels.soldOut
              : labels.notEnoughForMinimum(product.stock, product.minOrderQuantity)}
        </p>
        <p className="text-sm">{labels.minimumOrderOf(countOf(product.minOrderQuantity, product.unit))}</p>
        <div className="mt-auto pt-2">
          {availability === 'orderable' ? (
            <Link {...toProduct} className={buttonClass('secondary', 'w-full')}>
              {labels.buyNow}
              {about}
            </Link>
          ) : (
            // Nothing to buy: no button that leads to a form that cannot succeed.
            <p className="rounded-md border border-slate-300 bg-slate-100 px-4 py-2 text-center text-sm font-semibold text-slate-700">
              {availability === 'sold-out' ? labels.soldOut : 'Not enough stock'}
            </p>
          )}
        </div>
      </div>
    </article>
  );
}

/** `busy`: these are the previous results while new ones load (dimmed, and announced as busy). */
export function ProductGrid({ children, busy = false }: { children: React.ReactNode; busy?: boolean }) {
  return (
    <div aria-busy={busy || undefined} className={`grid grid-cols-1 gap-6 transition-opacity md:grid-cols-2 lg:grid-cols-3 ${busy ? 'opacity-60' : ''}`}>
      {children}
    </div>
  );
}

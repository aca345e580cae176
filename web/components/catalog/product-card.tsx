import { Link } from '@tanstack/react-router';
import { labels } from '../../lib/labels.ts';
import { lowestUnitPrice } from '#domain/catalog/pricing.ts';
import { availabilityOf } from '#domain/catalog/quantity-advice.ts';
import type { ProductDto } from '#http/dto.ts';
import { formatCents, truncate } from '../../lib/format.ts';
import { buttonClass } from '../ui/button.tsx';
import { responsiveImage } from '../../lib/image-sizes.ts';
import { countOf } from '#domain/catalog/units.ts';
import { RowAddToCart } from './row-add-to-cart.tsx';
import { ListPrice, MemberPriceLine, termsFor, useYourPrice } from './your-price.tsx';

/** The card's width in the grid below: one column on phones, two from md, three (at most ~400px) from lg. */
const CARD_SIZES = '(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw';
/** A list row's thumbnail: 4rem, twice that for sharp screens. */
const ROW_SIZES = '128px';

/**
 * How a product is laid out: `grid` a card, `list` a compact row (thumbnail, name, SKU, price,
 * stock, a quantity box and Add), `auto` a row below 768 px and a card from there, chosen by CSS alone so the
 * server's HTML is right on every screen before any JavaScript runs.
 */
export type ProductLayout = 'grid' | 'list' | 'auto';

/**
 * Each part's classes per layout, written out in full: Tailwind finds class names by reading the
 * source, so `auto` cannot be built from the other two at run time.
 */
const PARTS = {
  article: {
    grid: 'flex flex-col rounded-xl shadow-sm',
    list: 'grid grid-cols-[4rem_1fr] gap-x-3 rounded-lg p-3',
    auto: 'grid grid-cols-[4rem_1fr] gap-x-3 rounded-lg p-3 md:flex md:flex-col md:gap-x-0 md:rounded-xl md:p-0 md:shadow-sm',
  },
  image: {
    grid: 'aspect-[4/3] w-full p-3',
    list: 'aspect-square h-16 w-16 rounded p-1',
    auto: 'aspect-square h-16 w-16 rounded p-1 md:aspect-[4/3] md:h-auto md:w-full md:rounded-none md:p-3',
  },
  body: {
    grid: 'flex flex-1 flex-col gap-2 p-5',
    list: 'flex min-w-0 flex-col gap-1',
    auto: 'flex min-w-0 flex-col gap-1 md:flex-1 md:gap-2 md:p-5',
  },
  heading: { grid: 'text-lg', list: 'text-base leading-snug', auto: 'text-base leading-snug md:text-lg md:leading-normal' },
  /** The description and the minimum: a row leaves them to the product page. */
  extra: { grid: '', list: 'hidden', auto: 'hidden md:block' },
  action: { grid: 'mt-auto pt-2', list: 'pt-1', auto: 'pt-1 md:mt-auto md:pt-2' },
  /** A row's quantity box and Add: rows only. */
  rowAdd: { grid: 'hidden', list: '', auto: 'md:hidden' },
  /** A card's Buy Now: cards only (a row has its quantity box and Add, and its name opens the product). */
  buyNow: { grid: '', list: '', auto: 'hidden md:block' },
} as const;

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
  layout = 'grid',
}: {
  product: ProductDto;
  headingLevel?: 2 | 3;
  aboveTheFold?: 'no' | 'yes' | 'first';
  layout?: ProductLayout;
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
  const yourPrice = useYourPrice(product);
  const toProduct = { to: '/product/$productId', params: { productId: product.id } } as const;
  return (
    <article className={`overflow-hidden border border-slate-200 bg-white ${PARTS.article[layout]}`}>
      {/* The picture opens the product too; one tab stop per card is enough (the title link). */}
      <Link {...toProduct} tabIndex={-1} aria-hidden="true">
        <img
          {...responsiveImage(product.imageUrl, layout === 'list' ? ROW_SIZES : CARD_SIZES)}
          alt=""
          loading={aboveTheFold === 'no' ? 'lazy' : 'eager'}
          fetchPriority={aboveTheFold === 'first' ? 'high' : 'auto'}
          width={400} height={300} className={`bg-slate-100 object-contain ${PARTS.image[layout]}`} />
      </Link>
      <div className={PARTS.body[layout]}>
        <Heading className={`font-bold text-slate-900 ${PARTS.heading[layout]}`}>
          <Link {...toProduct} className="hover:underline focus-visible:underline">
            {product.name}
          </Link>
        </Heading>
        <p className="font-mono text-xs text-slate-700">
          SKU {product.sku}
          {product.brand ? <span className="font-sans"> · {product.brand}</span> : null}
        </p>
        <p className="font-semibold text-amber-800">
          <ListPrice struck={yourPrice !== null}>
            {product.priceTiers.length > 0 ? `From ${formatCents(lowestUnitPrice(product))}` : `Price: ${formatCents(product.priceCents)}`}
            <span className="font-normal text-slate-700"> / {product.unit}</span>
          </ListPrice>
          <MemberPriceLine yourPriceCents={yourPrice && lowestUnitPrice(termsFor(product, yourPrice))} unit={product.unit} className="text-sm" />
        </p>
        <p className={`text-sm text-slate-700 ${PARTS.extra[layout]}`}>
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
        <p className={`text-sm ${PARTS.extra[layout]}`}>{labels.minimumOrderOf(countOf(product.minOrderQuantity, product.unit))}</p>
        <div className={PARTS.action[layout]}>
          {availability === 'orderable' ? (
            <>
              {layout === 'grid' ? null : <RowAddToCart product={product} className={PARTS.rowAdd[layout]} />}
              {layout === 'list' ? null : (
                <div className={PARTS.buyNow[layout]}>
                  <Link {...toProduct} className={buttonClass('secondary', 'w-full')}>
                    {labels.buyNow}
                    {about}
                  </Link>
                </div>
              )}
            </>
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

/** The grid's columns and gaps per layout: rows stack closely, cards take two then three columns. */
const GRID = {
  grid: 'gap-6 md:grid-cols-2 lg:grid-cols-3',
  list: 'gap-2',
  auto: 'gap-2 md:grid-cols-2 md:gap-6 lg:grid-cols-3',
} as const;

/** `busy`: these are the previous results while new ones load (dimmed, and announced as busy). */
export function ProductGrid({ children, busy = false, layout = 'grid' }: { children: React.ReactNode; busy?: boolean; layout?: ProductLayout }) {
  return (
    <div aria-busy={busy || undefined} data-layout={layout} className={`grid grid-cols-1 transition-opacity ${GRID[layout]} ${busy ? 'opacity-60' : ''}`}>
      {children}
    </div>
  );
}

import { Link } from '@tanstack/react-router';
import { labels } from '#domain/messages.ts';
import type { ProductDto } from '#http/dto.ts';
import { formatCents, truncate } from '../../lib/format.ts';
import { buttonClass } from '../../components/ui/button.tsx';

/** The seed's product card: name, image, price, 80-character description, stock, minimum, Buy Now. */
export function ProductCard({ product }: { product: ProductDto }) {
  const cut = product.description.length > 80;
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <img src={product.imageUrl} alt="" loading="lazy" width={400} height={300} className="aspect-[4/3] w-full bg-slate-100 object-contain p-3" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="text-lg font-bold text-slate-900">{product.name}</h3>
        <p className="font-semibold text-amber-800">Price: {formatCents(product.priceCents)}</p>
        <p className="text-sm text-slate-700">
          {truncate(product.description, 80)}
          {cut ? (
            <>
              {' '}
              <Link to="/product/$productId" params={{ productId: product.id }} className="font-semibold text-slate-900 underline" aria-label={`${labels.readMore} about ${product.name}`}>
                {labels.readMore}
              </Link>
            </>
          ) : null}
        </p>
        <p className="text-sm">Available Quantity: {product.stock}</p>
        <p className="text-sm">{labels.minimumOrder}</p>
        <div className="mt-auto pt-2">
          <Link to="/product/$productId" params={{ productId: product.id }} className={buttonClass('secondary', 'w-full')}>
            {labels.buyNow}
          </Link>
        </div>
      </div>
    </article>
  );
}

export function ProductGrid({ children }: { children: React.ReactNode }) {
  return <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">{children}</div>;
}

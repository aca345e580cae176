import { useQuery } from '@tanstack/react-query';
import { newProductsQuery } from './api.ts';
import { ProductCard, ProductGrid } from '../../components/catalog/product-card.tsx';

export function NewProducts() {
  const products = useQuery(newProductsQuery);
  return (
    <section aria-labelledby="new-products-heading" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="new-products-heading" className="mb-6 text-2xl font-extrabold text-slate-900 sm:text-3xl">
        New Products
      </h2>
      {products.isPending ? (
        <ProductGridPlaceholder />
      ) : products.isError ? (
        <p role="alert">We could not load the products. Please try again.</p>
      ) : (
        <ProductGrid>
          {products.data.items.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </ProductGrid>
      )}
    </section>
  );
}

/**
 * Six card-sized blanks while the products load: the page below keeps its place (no layout shift
 * when the cards arrive), and the deferred forms further down stay out of the viewport's reach
 * instead of loading on the first visit because the list was momentarily short.
 */
function ProductGridPlaceholder() {
  return (
    <div role="status">
      <span className="sr-only">Loading products…</span>
      <ProductGrid>
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} aria-hidden="true" className="h-[33rem] rounded-xl border border-slate-200 bg-white" />
        ))}
      </ProductGrid>
    </div>
  );
}

import { useInfiniteQuery } from '@tanstack/react-query';
import { allProductsQuery } from '../../lib/queries.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ProductCard, ProductGrid } from './product-card.tsx';

/** Cards in the grid's widest row (three columns on desktop). */
const FIRST_ROW = 3;

export function AllProductsPage() {
  usePageMeta('All Products', 'Every hardware part and tool Bulkhead sells, from 100 units a line.');
  const products = useInfiniteQuery(allProductsQuery);
  const items = products.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-extrabold text-slate-900">All Products</h1>
      {products.isPending ? (
        <Spinner />
      ) : products.isError ? (
        <p role="alert">We could not load the products. Please try again.</p>
      ) : (
        <>
          <ProductGrid>
            {items.map((product, index) => (
              <ProductCard
                key={product.id}
                product={product}
                headingLevel={2}
                aboveTheFold={index === 0 ? 'first' : index < FIRST_ROW ? 'yes' : 'no'}
              />
            ))}
          </ProductGrid>
          {products.hasNextPage ? (
            <div className="mt-8 text-center">
              <Button variant="secondary" onClick={() => void products.fetchNextPage()} disabled={products.isFetchingNextPage}>
                {products.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

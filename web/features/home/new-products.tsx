import { useQuery } from '@tanstack/react-query';
import { newProductsQuery } from '../../lib/queries.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ProductCard, ProductGrid } from '../products/product-card.tsx';

export function NewProducts() {
  const products = useQuery(newProductsQuery);
  return (
    <section aria-labelledby="new-products-heading" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="new-products-heading" className="mb-6 text-2xl font-extrabold text-slate-900 sm:text-3xl">
        New Products
      </h2>
      {products.isPending ? (
        <Spinner label="Loading products" />
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

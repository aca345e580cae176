import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { categoriesQuery } from './api.ts';
import type { CategoryNodeDto, ProductDto } from '#http/dto.ts';
import { formatCents } from '../../lib/format.ts';
import { countOf, eachOf, unitOfSale } from '#domain/catalog/units.ts';
import { unitPriceFor } from '#domain/catalog/pricing.ts';
import type { YourPriceDto } from '../../components/company/types.ts';

const count = (quantity: number) => quantity.toLocaleString('en-US');

/** The department a category belongs to, from the category tree (null for a department itself). */
const departmentOf = (tree: readonly CategoryNodeDto[], categoryId: string): CategoryNodeDto | null =>
  tree.find((department) => department.children.some((child) => child.id === categoryId)) ?? null;

/** All Products › Department › Category, each a link into the catalogue filtered by it. */
export function CategoryBreadcrumb({ product }: { product: ProductDto }) {
  // The department above the category comes from the tree (shared with All Products' navigation).
  const tree = useQuery({ ...categoriesQuery, enabled: product.category !== null });
  const category = product.category;
  const department = category && tree.data ? departmentOf(tree.data, category.id) : null;
  const crumbs = [department, category].filter((crumb): crumb is NonNullable<typeof crumb> => crumb !== null);
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-700">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/allProduct" className="underline hover:text-slate-900">
            All Products
          </Link>
        </li>
        {crumbs.map((crumb) => (
          <li key={crumb.id} className="flex items-center gap-1">
            <span aria-hidden="true">›</span>
            <Link to="/allProduct" search={{ category: crumb.slug }} className="underline hover:text-slate-900">
              {crumb.name}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Part number, brand, unit and pack size: what a buyer checks against a requisition. */
export function ProductIdentity({ product }: { product: ProductDto }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-semibold text-slate-900">SKU</dt>
      <dd className="font-mono text-slate-800">{product.sku}</dd>
      {product.brand ? (
        <>
          <dt className="font-semibold text-slate-900">Brand</dt>
          <dd className="text-slate-800">{product.brand}</dd>
        </>
      ) : null}
      <dt className="font-semibold text-slate-900">Sold by</dt>
      <dd className="text-slate-800">
        {unitOfSale(product.unit)}
        {product.packSize > 1 ? `, in packs of ${countOf(product.packSize, product.unit)}` : ''}
      </dd>
      <dt className="font-semibold text-slate-900">Minimum order</dt>
      <dd className="text-slate-800">{countOf(product.minOrderQuantity, product.unit)}</dd>
    </dl>
  );
}

/** Volume prices: "100+ $1.20, 500+ $0.98, 1,000+ $0.85", the regular price first from the minimum. */
export function PriceTierTable({ product, yourPrice = null }: { product: ProductDto; yourPrice?: YourPriceDto | null }) {
  if (product.priceTiers.length === 0) return null;
  const rows = [{ minQuantity: product.minOrderQuantity, unitPriceCents: product.priceCents }, ...product.priceTiers];
  // A member's column prices each list row by their own terms (docs/catalogue.md, "Your price"):
  // their tiers may be fewer (a contract price flattens them), never at other quantities.
  const theirs = yourPrice && { priceCents: yourPrice.unitPriceCents, priceTiers: yourPrice.tiers };
  return (
    <table className="w-full max-w-sm text-sm">
      <caption className="mb-1 text-left font-bold text-slate-900">Volume prices</caption>
      <thead>
        <tr className="border-b border-slate-300 text-left">
          <th scope="col" className="py-1 font-semibold">Quantity</th>
          <th scope="col" className="py-1 text-right font-semibold">{theirs ? 'List price' : `Price per ${unitOfSale(product.unit)}`}</th>
          {theirs ? <th scope="col" className="py-1 text-right font-semibold">Your price</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.minQuantity} className="border-b border-slate-100">
            <td className="py-1">{count(row.minQuantity)}+</td>
            <td className={`py-1 text-right font-semibold ${theirs ? 'text-slate-600' : 'text-amber-800'}`}>
              {theirs ? <s>{formatCents(row.unitPriceCents)}</s> : formatCents(row.unitPriceCents)}
              {eachOf(row.unitPriceCents, product.unit) ? <span className="block text-xs font-normal text-slate-700">{eachOf(row.unitPriceCents, product.unit)}</span> : null}
            </td>
            {theirs ? (
              <td className="py-1 text-right font-semibold text-emerald-900">{formatCents(unitPriceFor(theirs, row.minQuantity))}</td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The specification table (Thread M8, Material A2 stainless, …). */
export function SpecTable({ product }: { product: ProductDto }) {
  if (product.attributes.length === 0) return null;
  return (
    <table className="w-full text-sm">
      <caption className="mb-1 text-left font-bold text-slate-900">Specifications</caption>
      <tbody>
        {product.attributes.map((attribute) => (
          <tr key={attribute.name} className="border-b border-slate-100">
            <th scope="row" className="w-2/5 py-1 pr-3 text-left font-semibold text-slate-900">
              {attribute.name}
            </th>
            <td className="py-1 text-slate-800">{attribute.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

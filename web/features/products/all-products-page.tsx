import { LoadEarlierHeader } from '../../components/ui/load-more.tsx';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { catalogueQuery, categoriesQuery } from './api.ts';
import { attrPair, CATALOGUE_SORTS, hasFilters, MAX_ATTR_FILTERS, SORT_LABELS, type CatalogueSearch } from './catalogue-search.ts';
import { catalogueChoicesIgnoredText } from '../../lib/labels.ts';
import type { CategoryNodeDto, ProductSearchDto } from '#http/dto.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ProductCard, ProductGrid } from '../../components/catalog/product-card.tsx';

/** Cards in the grid's widest row (three columns on desktop). */
const FIRST_ROW = 3;

type Navigate = (change: Partial<CatalogueSearch>) => void;

const toggleClass = 'inline-flex items-center rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none';
const ON = 'bg-slate-900 text-white';
const OFF = 'text-slate-900 hover:bg-slate-100';
/**
 * Each button's look when the URL names no layout: the page then shows rows below 768 px and
 * cards from there (product-card.tsx, `auto`), so CSS marks the one in force by the same width.
 */
const AUTO_LOOK = { list: 'bg-slate-900 text-white md:bg-transparent md:text-slate-900', grid: 'text-slate-900 md:bg-slate-900 md:text-white' } as const;

/**
 * List or grid, kept in the URL (`view`): plain links, so the choice works without JavaScript and
 * survives Back and a shared link; the router marks the one in force with `aria-current`.
 */
function ViewToggle({ view }: { view: CatalogueSearch['view'] }) {
  const option = (value: 'list' | 'grid', text: string) => (
    <Link
      to="/allProduct"
      search={(previous) => ({ ...previous, ignored: undefined, view: value })}
      replace
      resetScroll={false}
      className={`${toggleClass} ${view === undefined ? AUTO_LOOK[value] : view === value ? ON : OFF}`}
    >
      {text}
    </Link>
  );
  return (
    <nav aria-label="Layout" className="inline-flex gap-1 rounded-lg border border-slate-300 bg-white p-0.5">
      {option('list', 'List')}
      {option('grid', 'Grid')}
    </nav>
  );
}

const navClass = (active: boolean) =>
  `flex justify-between gap-2 rounded px-2 py-1 text-sm ${active ? 'bg-amber-100 font-semibold text-slate-900' : 'text-slate-800 hover:bg-slate-100'}`;

/** Departments and their categories, each with its count of products in stock. */
function CategoryNav({ tree, current }: { tree: CategoryNodeDto[]; current: string | undefined }) {
  const isCurrent = (node: CategoryNodeDto) => current === node.slug || current === node.id;
  const link = (node: CategoryNodeDto) => (
    <Link
      to="/allProduct"
      search={(previous) => ({ ...previous, cursor: undefined, ignored: undefined, category: node.slug })}
      className={navClass(isCurrent(node))}
      aria-current={isCurrent(node) ? 'page' : undefined}
    >
      <span>{node.name}</span>{' '}
      <span className="text-slate-600">{node.productCount}</span>
    </Link>
  );
  return (
    <nav aria-label="Departments">
      <h2 className="mb-2 text-sm font-bold tracking-wide text-slate-900 uppercase">Departments</h2>
      <ul className="space-y-1">
        <li>
          <Link to="/allProduct" search={(previous) => ({ ...previous, cursor: undefined, ignored: undefined, category: undefined })} className={navClass(!current)}>
            All departments
          </Link>
        </li>
        {tree.map((department) => (
          <li key={department.id}>
            {link(department)}
            {department.children.length > 0 ? (
              <ul className="mt-1 ml-3 space-y-1 border-l border-slate-200 pl-2">
                {department.children.map((category) => (
                  <li key={category.id}>{link(category)}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The choices in force, each removable in one press: on a phone the filters sit behind a button,
 * so without these nobody could see why the list is short.
 */
function ActiveFilters({ search, tree, onChange }: { search: CatalogueSearch; tree: CategoryNodeDto[] | undefined; onChange: Navigate }) {
  const category = tree?.flatMap((department) => [department, ...department.children]).find((node) => node.slug === search.category || node.id === search.category);
  const price =
    search.minPrice !== undefined && search.maxPrice !== undefined
      ? // Upside down, the list reads it the right way up (toSearchParams): so does its chip.
        `$${Math.min(search.minPrice, search.maxPrice)}–$${Math.max(search.minPrice, search.maxPrice)}`
      : search.minPrice !== undefined
        ? `From $${search.minPrice}`
        : search.maxPrice !== undefined
          ? `Up to $${search.maxPrice}`
          : null;
  const chips: { label: string; remove: Partial<CatalogueSearch> }[] = [];
  // "Best match" needs words: without them the list falls back to its default order.
  if (search.q) chips.push({ label: `“${search.q}”`, remove: { q: undefined, exact: undefined, sort: search.sort === 'relevance' ? undefined : search.sort } });
  if (search.category) chips.push({ label: category?.name ?? search.category, remove: { category: undefined } });
  if (search.brand) chips.push({ label: search.brand, remove: { brand: undefined } });
  if (search.inStock) chips.push({ label: 'In stock', remove: { inStock: undefined } });
  if (price) chips.push({ label: price, remove: { minPrice: undefined, maxPrice: undefined } });
  for (const pair of search.attr ?? []) {
    const rest = (search.attr ?? []).filter((other) => other !== pair);
    chips.push({ label: pair.replace(':', ': '), remove: { attr: rest.length > 0 ? rest : undefined } });
  }
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Filters in use" className="mb-4 flex flex-wrap gap-2">
      {chips.map(({ label, remove }) => (
        <li key={label}>
          <button
            type="button"
            onClick={() => onChange(remove)}
            aria-label={`Remove filter ${label}`}
            className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-900 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
          >
            {label} <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

type AttributeFacet = ProductSearchDto['facets']['attributes'][number];

/** How many values of a spec show before "Show all": the common sizes fit, a long list waits. */
const VALUES_SHOWN = 6;

/**
 * One spec (docs/catalogue.md, "Spec facets") as a group of real checkboxes, each value with the
 * number of products it would show; a ticked value always shows, so it can be unticked.
 */
function SpecGroup({ facet, ticked, full, onToggle }: { facet: AttributeFacet; ticked: ReadonlySet<string>; full: boolean; onToggle: (pair: string, on: boolean) => void }) {
  const [all, setAll] = useState(false);
  const listId = useId();
  const shown = all ? facet.values : facet.values.filter(({ value }, index) => index < VALUES_SHOWN || ticked.has(attrPair(facet.name, value)));
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-bold text-slate-900">{facet.name}</legend>
      <ul id={listId} className="space-y-1">
        {shown.map(({ value, count }) => {
          const pair = attrPair(facet.name, value);
          const checked = ticked.has(pair);
          return (
            <li key={value}>
              <label className="flex items-center gap-2 text-sm text-slate-900">
                <input
                  type="checkbox"
                  className="h-4 w-4 shrink-0 accent-amber-600"
                  checked={checked}
                  // The API takes so many spec filters; the rest wait until one is unticked.
                  disabled={!checked && full}
                  onChange={(event) => onToggle(pair, event.target.checked)}
                />
                <span className="min-w-0 flex-1 break-words">{value}</span>{' '}
                <span className="text-slate-600">({count})</span>
              </label>
            </li>
          );
        })}
      </ul>
      {facet.values.length > VALUES_SHOWN ? (
        <button
          type="button"
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll((open) => !open)}
          className="mt-1 text-sm font-semibold text-amber-800 underline focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
        >
          {all ? `Show fewer ${facet.name} values` : `Show all ${facet.values.length} ${facet.name} values`}
        </button>
      ) : null}
    </fieldset>
  );
}

/** The specs the products shown share; every tick or untick goes into the URL (`attr`). */
function SpecFilters({ search, facets, onChange }: { search: CatalogueSearch; facets: AttributeFacet[]; onChange: Navigate }) {
  if (facets.length === 0) return null;
  const current = search.attr ?? [];
  const ticked = new Set(current);
  const toggle = (pair: string, on: boolean) => {
    const next = on ? [...current, pair] : current.filter((other) => other !== pair);
    onChange({ attr: next.length > 0 ? next : undefined });
  };
  return (
    <div className="space-y-5" role="group" aria-label="Specifications">
      {facets.map((facet) => (
        <SpecGroup key={facet.name} facet={facet} ticked={ticked} full={current.length >= MAX_ATTR_FILTERS} onToggle={toggle} />
      ))}
    </div>
  );
}

/**
 * A price box as typed: empty (no bound) or dollars, 0 or more, as the URL takes them
 * (catalogue-search.ts). Anything else is said under the range instead of being dropped unseen.
 */
const priceTyped = (text: string): boolean => {
  const typed = text.trim();
  return typed === '' || (Number.isFinite(Number(typed)) && Number(typed) >= 0);
};
const priceOf = (text: string) => (text.trim() === '' || !priceTyped(text) ? undefined : Number(text));

const PRICE_BOXES = [
  { name: 'minPrice', id: 'filter-price-min', label: 'Lowest price', placeholder: 'Min' },
  { name: 'maxPrice', id: 'filter-price-max', label: 'Highest price', placeholder: 'Max' },
] as const;
type PriceBox = (typeof PRICE_BOXES)[number]['name'];

/**
 * The unit price range. Like the other filters it is a choice in the URL, not a form to save:
 * plain boxes whose problem shows once the box is left or Apply pressed (as in every form), and
 * Apply focuses the box to fix.
 */
function PriceRange({ search, onChange }: { search: CatalogueSearch; onChange: Navigate }) {
  const [typed, setTyped] = useState<Record<PriceBox, string>>({ minPrice: search.minPrice?.toString() ?? '', maxPrice: search.maxPrice?.toString() ?? '' });
  const [left, setLeft] = useState<Record<PriceBox, boolean>>({ minPrice: false, maxPrice: false });
  const [tried, setTried] = useState(false);
  const boxes = { minPrice: useRef<HTMLInputElement>(null), maxPrice: useRef<HTMLInputElement>(null) };
  // The words load when first needed, as a catalogue row's (components/catalog/row-add-to-cart.tsx):
  // the catalogue's first load stays without them (docs/storefront.md, "First-load JavaScript").
  const [problemText, setProblemText] = useState<string | null>(null);
  const shown = (name: PriceBox) => (left[name] || tried) && !priceTyped(typed[name]);
  const anyShown = PRICE_BOXES.some(({ name }) => shown(name));
  useEffect(() => {
    if (anyShown && problemText === null) void import('../../lib/web-messages.ts').then(({ webMessages }) => setProblemText(webMessages.priceFilterTyped));
  }, [anyShown, problemText]);
  const wrong = (name: PriceBox) => shown(name) && problemText !== null;
  return (
    <form
      className="space-y-2"
      aria-label="Price range"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        const toFix = PRICE_BOXES.find(({ name }) => !priceTyped(typed[name]));
        if (toFix) boxes[toFix.name].current?.focus();
        else onChange({ minPrice: priceOf(typed.minPrice), maxPrice: priceOf(typed.maxPrice) });
      }}
    >
      {/* The boxes and the button have ids so the focus comes back to them when the filters are drawn anew with the new range (layout/route-focus.tsx). */}
      <p className="text-sm font-bold text-slate-900">Unit price ($)</p>
      <div className="flex items-center gap-2">
        {PRICE_BOXES.map(({ name, id, label, placeholder }) => (
          <span key={name} className="contents">
            {name === 'maxPrice' ? <span aria-hidden="true">–</span> : null}
            <Input
              ref={boxes[name]}
              id={id}
              aria-label={label}
              inputMode="decimal"
              placeholder={placeholder}
              value={typed[name]}
              aria-invalid={wrong(name) ? true : undefined}
              aria-describedby={wrong(name) ? 'filter-price-problem' : undefined}
              onChange={(event) => setTyped((before) => ({ ...before, [name]: event.target.value }))}
              onBlur={() => setLeft((before) => ({ ...before, [name]: true }))}
            />
          </span>
        ))}
      </div>
      {anyShown && problemText !== null ? (
        <p id="filter-price-problem" role="alert" className="text-sm text-red-700">
          {problemText}
        </p>
      ) : null}
      <Button id="filter-price-apply" type="submit" variant="secondary" className="w-full">
        Apply price
      </Button>
    </form>
  );
}

/** Brand, in stock, specs and price range: each change goes into the URL. */
function Filters({ search, facets, onChange }: { search: CatalogueSearch; facets: ProductSearchDto['facets'] | undefined; onChange: Navigate }) {
  const brands = facets?.brands ?? [];
  return (
    <div className="space-y-5">
      <div>
        <label htmlFor="filter-brand" className="mb-1 block text-sm font-bold text-slate-900">
          Brand
        </label>
        <select
          id="filter-brand"
          className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm"
          value={search.brand ?? ''}
          onChange={(event) => onChange({ brand: event.target.value || undefined })}
        >
          <option value="">All brands</option>
          {search.brand && !brands.some((brand) => brand.name === search.brand) ? <option value={search.brand}>{search.brand}</option> : null}
          {brands.map((brand) => (
            <option key={brand.name} value={brand.name}>
              {brand.name} ({brand.count})
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <input
          type="checkbox"
          className="h-4 w-4 accent-amber-600"
          checked={search.inStock ?? false}
          onChange={(event) => onChange({ inStock: event.target.checked || undefined })}
        />
        In stock only
      </label>
      <SpecFilters search={search} facets={facets?.attributes ?? []} onChange={onChange} />
      <PriceRange search={search} onChange={onChange} />
    </div>
  );
}

/** The catalogue's own search box; keyed by the URL's words, so a search from the navbar refills it. */
function CatalogueSearchBox({ search, onChange }: { search: CatalogueSearch; onChange: Navigate }) {
  return (
    // A plain GET form too: without JavaScript it opens /allProduct?q=… (the other choices start over).
    <form
      role="search"
      method="get"
      action="/allProduct"
      className="mb-6 flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const words = new FormData(event.currentTarget).get('q');
        const q = (typeof words === 'string' ? words.trim() : '') || undefined;
        // "Best match" needs words; without them the list falls back to its default order.
        // New words are corrected again: "search instead for" held only for the words it named.
        onChange({ q, exact: undefined, sort: !q && search.sort === 'relevance' ? undefined : search.sort });
      }}
    >
      <label htmlFor="catalogue-q" className="sr-only">
        Search the catalogue
      </label>
      <Input id="catalogue-q" name="q" type="search" placeholder="Part number, name or brand" defaultValue={search.q ?? ''} />
      <Button type="submit">Search</Button>
    </form>
  );
}

/**
 * Said when the words as typed found nothing and their typo corrections did (docs/catalogue.md,
 * "Search that forgives"): the corrected words, and a link that searches the words exactly as typed.
 */
function CorrectedQuery({ corrected, typed }: { corrected: string; typed: string }) {
  return (
    <p className="mb-4 text-sm text-slate-900">
      Showing results for <strong>{corrected}</strong> —{' '}
      <Link to="/allProduct" search={(previous) => ({ ...previous, cursor: undefined, ignored: undefined, q: typed, exact: 1 as const })} className="font-semibold text-amber-800 underline">
        search instead for {typed}
      </Link>
    </p>
  );
}

const FilterSheet = lazy(() => import('./filter-sheet.tsx'));

export function AllProductsPage({ search }: { search: CatalogueSearch }) {
  const navigate = useNavigate();
  const products = useInfiniteQuery(catalogueQuery(search));
  const tree = useQuery(categoriesQuery);
  const [sheetOpen, setSheetOpen] = useState(false);
  // The sheet's dialog machinery loads the first time it is opened (docs/storefront.md, "First-load JavaScript").
  const [sheetUsed, setSheetUsed] = useState(false);
  const sheetTrigger = useRef<HTMLAnchorElement>(null);
  const change: Navigate = (patch) => void navigate({ to: '/allProduct', search: (previous) => ({ ...previous, cursor: undefined, ignored: undefined, ...patch }) });
  const clearFilters = () => void navigate({ to: '/allProduct', search: { sort: search.sort } });
  const items = products.data?.pages.flatMap((page) => page.items) ?? [];
  const first = products.data?.pages[0];
  const total = first?.total ?? items.length;
  const count = `${total.toLocaleString('en-US')} ${total === 1 ? 'product' : 'products'}`;
  const layout = search.view ?? 'auto';
  const panel = (
    <>
      {tree.data ? <CategoryNav tree={tree.data} current={search.category} /> : null}
      <Filters key={`${search.minPrice}-${search.maxPrice}`} search={search} facets={first?.facets} onChange={change} />
    </>
  );
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-4 text-3xl font-extrabold text-slate-900">All Products</h1>
      <CatalogueSearchBox key={search.q ?? ''} search={search} onChange={change} />
      {search.ignored?.length ? (
        <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
          {catalogueChoicesIgnoredText(search.ignored)}
        </p>
      ) : null}
      <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside>
          {/* On a phone the filters open in a sheet over the results (docs/storefront.md, "The catalogue on a phone").
              Without JavaScript the link targets the panel below, which CSS shows (:target). */}
          <a
            ref={sheetTrigger}
            href="#catalogue-filters"
            aria-haspopup="dialog"
            className={buttonClass('secondary', 'w-full lg:hidden')}
            onClick={(event) => {
              event.preventDefault();
              setSheetUsed(true);
              setSheetOpen(true);
            }}
          >
            Departments and filters
          </a>
          {/* While the sheet is open the panel lives in it, so its boxes exist once. */}
          {sheetOpen ? null : (
            <div id="catalogue-filters" className="mt-4 hidden space-y-6 target:block lg:mt-0 lg:block">
              {panel}
            </div>
          )}
          {sheetUsed ? (
            <Suspense fallback={null}>
              <FilterSheet open={sheetOpen} onOpenChange={setSheetOpen} trigger={sheetTrigger} showLabel={products.isSuccess ? `Show ${count}` : 'Show products'} busy={products.isFetching}>
                {panel}
              </FilterSheet>
            </Suspense>
          ) : null}
        </aside>
        <div>
          <ActiveFilters search={search} tree={tree.data} onChange={change} />
          {first?.correctedQuery && search.q ? <CorrectedQuery corrected={first.correctedQuery} typed={search.q} /> : null}
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm font-semibold text-slate-900" aria-live="polite">
              {products.isSuccess ? count : ''}
            </p>
            <ViewToggle view={search.view} />
            <label className="flex items-center gap-2 text-sm text-slate-900">
              Sort by
              <select
                className="rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm"
                value={search.sort ?? (search.q ? 'relevance' : 'newest')}
                onChange={(event) => change({ sort: event.target.value as CatalogueSearch['sort'] })}
              >
                {CATALOGUE_SORTS.filter((sort) => sort !== 'relevance' || search.q).map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {products.isPending ? (
            <Spinner />
          ) : products.isError ? (
            <p role="alert">We could not load the products. Please try again.</p>
          ) : items.length === 0 ? (
            <div className="rounded-lg border border-slate-200 bg-white p-8 text-center">
              <p className="font-semibold text-slate-900">No products match {hasFilters(search) ? 'these filters' : 'yet'}.</p>
              {hasFilters(search) ? (
                <Button
                  variant="secondary"
                  className="mt-4"
                  onClick={clearFilters}
                >
                  Clear filters
                </Button>
              ) : null}
            </div>
          ) : (
            <>
              <div className="text-center">
                <LoadEarlierHeader noun="product" pages={products} />
              </div>
              <ProductGrid busy={products.isPlaceholderData} layout={layout}>
                {items.map((product, index) => (
                  <ProductCard
                    key={product.id}
                    product={product}
                    headingLevel={2}
                    layout={layout}
                    aboveTheFold={index === 0 ? 'first' : index < FIRST_ROW ? 'yes' : 'no'}
                  />
                ))}
              </ProductGrid>
              <p className="mt-6 text-center text-sm text-slate-700">
                Showing {items.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')}
                {products.hasPreviousPage ? ' (earlier ones above)' : ''}
              </p>
              {products.hasNextPage ? (
                <div className="mt-3 text-center">
                  {/* A link to the next page's cursor, so paging works without JavaScript; with it, the
                      next page is added below instead. */}
                  <Link
                    to="/allProduct"
                    search={{ ...search, ignored: undefined, cursor: products.data?.pages.at(-1)?.nextCursor ?? undefined }}
                    className={buttonClass('secondary')}
                    aria-disabled={products.isFetchingNextPage || undefined}
                    onClick={(event) => {
                      event.preventDefault();
                      if (!products.isFetchingNextPage) void products.fetchNextPage();
                    }}
                  >
                    {products.isFetchingNextPage ? 'Loading…' : 'Load more'}
                  </Link>
                </div>
              ) : null}
            </>
          )}
        </div>
      </div>
    </section>
  );
}

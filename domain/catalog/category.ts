/**
 * Categories are two levels deep (docs/catalogue.md, "Catalogue"): departments (no parent) and the
 * categories inside them. A product is filed under either.
 */
export interface Category {
  id: string;
  name: string;
  /** Lower-case words joined by hyphens, unique: what links and filters use (`fasteners`). */
  slug: string;
  parentId: string | null;
  createdAt: Date;
}

export type NewCategory = Pick<Category, 'id' | 'name' | 'slug' | 'parentId' | 'createdAt'>;
export type CategoryChanges = Partial<Pick<Category, 'name' | 'slug' | 'parentId'>>;

/** The short form every product answer carries. */
export type CategoryRef = Pick<Category, 'id' | 'name' | 'slug'>;

export const MAX_CATEGORY_NAME = 60;
export const MAX_CATEGORY_SLUG = 60;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const isSlug = (value: string): boolean => value.length <= MAX_CATEGORY_SLUG && SLUG.test(value);

/** `Pipe & Fittings` → `pipe-fittings`: what an admin gets when leaving the slug empty. */
export const slugify = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_CATEGORY_SLUG)
    .replace(/-+$/, '');

/** The ids a category filter covers: the category itself and, for a department, its categories. */
export const categoryWithChildren = (categories: readonly Category[], id: string): string[] => [
  id,
  ...categories.filter((category) => category.parentId === id).map((category) => category.id),
];

/** Finds a category by id or by slug (case-insensitive), as the `category` parameter allows. */
export const findCategory = (categories: readonly Category[], idOrSlug: string): Category | undefined =>
  categories.find((category) => category.id === idOrSlug) ??
  categories.find((category) => category.slug === idOrSlug.toLowerCase());

export interface CategoryNode extends Pick<Category, 'id' | 'name' | 'slug' | 'parentId'> {
  /** Products in stock filed under it, its children's included. */
  productCount: number;
  children: CategoryNode[];
}

/**
 * The tree `GET /api/categories` answers: departments by name, each with its categories by name;
 * `inStockCounts` holds the products in stock filed directly under each category.
 */
export const categoryTree = (categories: readonly Category[], inStockCounts: ReadonlyMap<string, number>): CategoryNode[] => {
  const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const node = (category: Category, children: CategoryNode[]): CategoryNode => ({
    id: category.id,
    name: category.name,
    slug: category.slug,
    parentId: category.parentId,
    productCount: (inStockCounts.get(category.id) ?? 0) + children.reduce((sum, child) => sum + child.productCount, 0),
    children,
  });
  return categories
    .filter((category) => category.parentId === null)
    .sort(byName)
    .map((department) =>
      node(
        department,
        categories
          .filter((category) => category.parentId === department.id)
          .sort(byName)
          .map((child) => node(child, [])),
      ),
    );
};

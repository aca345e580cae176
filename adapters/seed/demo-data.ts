import type { NewProduct } from '#domain/catalog/product.ts';
import type { Review } from '#domain/content/review.ts';
import type { Ports } from '#domain/ports.ts';
import { DEMO_DEPARTMENTS, DEMO_PARTS, DEMO_TOOL_CATEGORIES, type DemoProduct } from './demo-catalogue.ts';

/** Images live in web/public/demo, which the server serves at /demo. */
const productImage = (slug: string): string => `/demo/products/${slug}.svg`;
const avatarImage = (slug: string): string => `/demo/avatars/${slug}.svg`;

/** The original shop's twelve tools, newest first: the first six are what the home page shows. */
const DEMO_TOOLS: readonly (Omit<NewProduct, 'imageUrl'> & { slug: string })[] = [
  {
    slug: 'reducers-adapters',
    name: 'Reducers & Adapters Socket Set',
    description:
      'Five-piece chrome-vanadium adapter and reducer set for 1/4", 3/8" and 1/2" drives. Heat-treated for high torque and finished in satin chrome against rust. Ball-detent ends hold sockets firmly on ratchets and impact drivers.',
    priceCents: 5400,
    stock: 400,
  },
  {
    slug: 'bench-vise',
    name: 'Professional Bench Vise 6"',
    description:
      'Ductile-iron bench vise with 150 mm serrated steel jaws and a 360° swivel base. The integrated anvil and pipe jaws make it a workshop all-rounder. Bolts to any bench with four 12 mm bolts.',
    priceCents: 7400,
    stock: 700,
  },
  {
    slug: 'hacksaw-blades',
    name: 'Hacksaw Blades Kit 18/24/32 TPI',
    description:
      'High-carbon steel blades for standard 12" frames, in 18, 24 and 32 teeth per inch. Coarse teeth cut mild steel and plastic pipe fast, fine teeth leave clean edges on thin tube. Packed in a reusable tube of 30.',
    priceCents: 8400,
    stock: 600,
  },
  {
    slug: 'adjustable-spanner',
    name: 'Forged Adjustable Spanner 10"',
    description:
      'Drop-forged chrome-vanadium spanner opening to 30 mm with a smooth, play-free worm gear. Laser-etched metric and imperial scales on the jaw. The cushioned grip stays comfortable on long jobs.',
    priceCents: 5400,
    stock: 700,
  },
  {
    slug: 'carpentry-tool-set',
    name: 'Carpentry Tool Set, 8 Pieces',
    description:
      'Claw hammer, tape measure, combination square, utility knife, chisels, block plane, pencil and level in one roll-up case. Everything a site carpenter reaches for daily. A dependable kit for apprentices and crews alike.',
    priceCents: 3400,
    stock: 900,
  },
  {
    slug: 'pipe-clamps-couplings',
    name: 'Pipe Clamps & Flexible Couplings',
    description:
      'Flexible rubber couplings with stainless-steel band clamps for joining plumbing and sewer pipe of 40 to 110 mm. They absorb vibration and small misalignments. Tighten with an 8 mm nut driver; no glue needed.',
    priceCents: 6400,
    stock: 700,
  },
  {
    slug: 'pipe-wrench',
    name: 'Heavy-Duty Pipe Wrench 14"',
    description:
      'Cast-iron pipe wrench with hardened, self-tightening jaws for pipe up to 50 mm. The floating hook jaw bites harder the more you pull. Replaceable jaws keep it in service for years.',
    priceCents: 4200,
    stock: 500,
  },
  {
    slug: 'ptfe-tape',
    name: 'PTFE Thread Seal Tape, Case of 100',
    description:
      'Twelve-metre rolls of 12 mm PTFE tape for sealing threaded water, gas and air fittings. Rated from -200 °C to +260 °C. Wrap clockwise three to five times for a leak-free joint.',
    priceCents: 2600,
    stock: 800,
  },
  {
    slug: 'ball-valve',
    name: 'Brass Full-Port Ball Valve 3/4"',
    description:
      'Forged brass quarter-turn valve with a chrome-plated ball and PTFE seats for potable water. The full port keeps flow losses to a minimum. Rated to 40 bar; the red lever shows open and closed at a glance.',
    priceCents: 1850,
    stock: 650,
  },
  {
    slug: 'copper-fittings',
    name: 'Copper Elbow & Tee Fittings Pack',
    description:
      'Solder-ring 15 mm and 22 mm elbows, tees and straight couplers in a compartment box. Made from dezincification-resistant copper for hot and cold water. Pre-soldered rings make every joint a one-pass job.',
    priceCents: 3200,
    stock: 850,
  },
  {
    slug: 'tube-cutter',
    name: 'Ratcheting Tube Cutter 3–35 mm',
    description:
      'Cuts copper, brass, aluminium and thin steel tube square and burr-free. The ratcheting knob works in tight spaces behind boilers and sinks. A spare cutting wheel sits in the handle.',
    priceCents: 2900,
    stock: 350,
  },
  {
    slug: 'drain-auger',
    name: 'Drain Auger 7.5 m',
    description:
      'Hand-cranked drain snake with a 6 mm spring-steel cable that clears sink, shower and floor drains. The lockable drum keeps the cable clean and coiled. Works with a drill for stubborn blockages.',
    priceCents: 4600,
    stock: 300,
  },
];

export const DEMO_REVIEWS: readonly (Pick<Review, 'name' | 'country' | 'rating' | 'comment'> & { avatar: string })[] = [
  {
    avatar: 'amara-okafor',
    name: 'Amara Okafor',
    country: 'Nigeria',
    rating: 5,
    comment:
      'We order fittings for three building sites at once. Prices are fair, the 100-unit minimum suits us and everything arrived on the promised day.',
  },
  {
    avatar: 'lukas-becker',
    name: 'Lukas Becker',
    country: 'Germany',
    rating: 4,
    comment: 'Solid bench vises and honest descriptions. Shipping to Hamburg took a few days longer than I hoped.',
  },
  {
    avatar: 'sofia-martinez',
    name: 'Sofía Martínez',
    country: 'Spain',
    rating: 5,
    comment: 'The ball valves passed our pressure tests without a single failure. Paying by card and tracking the order was painless.',
  },
  {
    avatar: 'kenji-tanaka',
    name: 'Kenji Tanaka',
    country: 'Japan',
    rating: 5,
    comment: 'Our plumbing crew switched to these pipe wrenches and tube cutters. Great grip, clean cuts, and bulk pricing that beats our old supplier.',
  },
];

/** Files the demo data points at, for tests that check every image ships with the repo. */
/** Every demo product, newest first: the tools, then the parts (adapters/seed/demo-catalogue.ts). */
export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  ...DEMO_TOOLS.map((tool) => ({ ...tool, category: DEMO_TOOL_CATEGORIES[tool.slug] ?? 'tool-sets' })),
  ...DEMO_PARTS,
];

export const demoImagePaths = (): string[] => [
  ...new Set(DEMO_PRODUCTS.map((product) => productImage(product.image ?? product.slug))),
  ...DEMO_REVIEWS.map((review) => avatarImage(review.avatar)),
];

const MINUTE = 60_000;

/**
 * The first demo product written has this fixed id. Instances starting at once on one empty
 * database all see no products and all try to write it first: the primary key lets exactly one
 * succeed, and the others leave the seeding to that one.
 */
export const DEMO_CLAIM_ID = '5eed0000-0000-4000-8000-000000000001';

/**
 * The departments and their categories, made once: another instance seeding at the same moment,
 * or an operator who made one already, leaves it in place and it is used as it is.
 */
async function seedDemoDepartments({ store, clock, ids }: Pick<Ports, 'store' | 'clock' | 'ids'>): Promise<Map<string, string>> {
  const bySlug = new Map((await store.categories.listAll()).map((category) => [category.slug, category.id]));
  const ensure = async (slug: string, name: string, parentId: string | null) => {
    const known = bySlug.get(slug);
    if (known) return known;
    const created = await store.categories.create({ id: ids.newId(), name, slug, parentId, createdAt: clock.now() });
    const id = created === 'duplicate-slug' ? (await store.categories.listAll()).find((category) => category.slug === slug)?.id : created.id;
    if (!id) throw new Error(`demo category ${slug} could not be made`);
    bySlug.set(slug, id);
    return id;
  };
  for (const department of DEMO_DEPARTMENTS) {
    const departmentId = await ensure(department.slug, department.name, null);
    for (const category of department.categories) await ensure(category.slug, category.name, departmentId);
  }
  return bySlug;
}

/**
 * Fills an empty shop with demo departments, products and reviews; does nothing once any product exists, so
 * an operator who deletes the demo items never sees them come back. Returns true when it seeded.
 */
export async function seedDemoData(deps: Pick<Ports, 'store' | 'clock' | 'ids'>): Promise<boolean> {
  if ((await deps.store.products.count()) > 0) return false;
  const now = deps.clock.now().getTime();
  const categoryIds = await seedDemoDepartments(deps);
  // Oldest first, each a minute apart, so "newest first" has one well-defined order.
  const products = [...DEMO_PRODUCTS].reverse();
  for (const [index, { slug, image, category, ...product }] of products.entries()) {
    const createdAt = new Date(now - (products.length - index) * MINUTE);
    const first = index === 0;
    // The first product is the claim: another instance starting at the same moment either hits
    // its id (an error) or keeps losing the race for the next part number ('duplicate-sku');
    // either way it finds the claim and leaves the seeding to the one that made it.
    const anotherIsSeeding = async () => first && (await deps.store.products.findById(DEMO_CLAIM_ID)) !== null;
    let created: Awaited<ReturnType<typeof deps.store.products.create>>;
    try {
      created = await deps.store.products.create({
        ...product,
        imageUrl: productImage(image ?? slug),
        categoryId: categoryIds.get(category) ?? null,
        id: first ? DEMO_CLAIM_ID : deps.ids.newId(),
        createdAt,
      });
    } catch (error) {
      if (await anotherIsSeeding()) return false;
      throw error;
    }
    if (created === 'duplicate-sku') {
      if (await anotherIsSeeding()) return false;
      throw new Error(`demo product ${product.name} could not be given a part number`);
    }
  }
  const reviews = [...DEMO_REVIEWS].reverse();
  for (const [index, { avatar, ...review }] of reviews.entries()) {
    await deps.store.reviews.create({
      ...review,
      id: deps.ids.newId(),
      userId: null,
      imageUrl: avatarImage(avatar),
      createdAt: new Date(now - (reviews.length - index) * MINUTE),
    });
  }
  return true;
}

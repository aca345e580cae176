import { invalid, notFound, type ErrorOf, type FieldProblems } from '../shared/errors.ts';
import { problem } from '../shared/field-problem.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { Product } from '../catalog/product.ts';
import type { ProductRepository } from '../catalog/product-repository.ts';
import type { PriceTier, StockedTerms } from '../catalog/product-terms.ts';
import type { Cents } from '../shared/money.ts';
import { adviseQuantity, availabilityOf, suggestQuantity, type QuantityAdvice, type QuantitySuggestion } from '../catalog/quantity-advice.ts';
import { adviceNote, type AdviceNote } from '../catalog/quantity-advice-note.ts';
import { orderTotals, type OrderTotals } from './order-lines.ts';
import { checkOrderLinesShape, orderLinesProblem } from './order-lines-request.ts';
import type { CartLineRequest, CartRepository } from './cart-repository.ts';
import type { OrderRepository } from './order-repository.ts';
import { buyerTermsOf, type BuyerTermsPorts } from '../companies/buyer-terms.ts';
import { pricedForBuyer, type CompanyPriceTerms } from '../companies/company-prices.ts';
import { unitPriceFor } from '../catalog/pricing.ts';

export type ViewCartPorts = BuyerTermsPorts & { store: { carts: Pick<CartRepository, 'itemsOf'> } };
export type SaveCartPorts = ViewCartPorts & { store: { carts: Pick<CartRepository, 'replace'> } };
export type ReorderPorts = SaveCartPorts & { store: { orders: Pick<OrderRepository, 'findById'>; products: Pick<ProductRepository, 'findById'> } };

/**
 * The cart (docs/orders.md, "Orders, cart, quick order"): a buyer's saved order list, kept on the server so it follows
 * them to another device. It is a draft: a line may be below the minimum or above the stock, and
 * the view says so line by line with the same advice the product page gives; the order placed
 * from it checks every line again. A product deleted from the catalogue leaves the cart with it.
 */

/** What a cart line needs of its product: the terms that price it, and what names and shows it. */
export type CartProduct = StockedTerms & Pick<Product, 'id' | 'sku' | 'name' | 'imageUrl' | 'unit'>;

/**
 * A cart line priced with today's tiers, with the advice for its quantity: the line the API
 * answers (GET/PUT /api/cart), field for field. Only the product's terms and names are needed, so
 * a visitor's cart in the browser is priced into the same lines by the same function, from the
 * products' public pages.
 */
export interface PricedCartLine {
  productId: string;
  sku: string;
  name: string;
  imageUrl: string;
  unit: string;
  stock: number;
  minOrderQuantity: number;
  packSize: number;
  priceTiers: PriceTier[];
  quantity: number;
  unitPriceCents: Cents;
  /** The list unit price for this quantity, present only when a company price makes `unitPriceCents` differ. */
  listUnitPriceCents?: Cents;
  lineTotalCents: Cents;
  advice: QuantityAdvice;
  /** The one thing to tell the buyer (what is wrong, or the next price break worth going up to), or null; the edge words it. */
  advised: AdviceNote | null;
  /** The quantity to change to in one click (itself valid), and why, or null. */
  suggestion: QuantitySuggestion | null;
}

export interface CartView extends OrderTotals {
  lines: PricedCartLine[];
  /** Every line can be ordered as it stands. */
  orderable: boolean;
}

/**
 * The line of `quantity` of `product`: only the fields the line lists are copied from it. A company
 * member's line is priced with their company's terms (docs/companies.md, "Company prices"): its
 * tiers, price and advice are theirs, and the list unit price stands beside a price that differs.
 */
const priceCartLine = (listed: CartProduct, quantity: number, terms: CompanyPriceTerms | null): PricedCartLine => {
  const product = pricedForBuyer(listed, terms);
  const advice = adviseQuantity(product, quantity);
  const listUnitPriceCents = terms === null ? advice.unitPriceCents : unitPriceFor(listed, quantity);
  return {
    productId: product.id,
    sku: product.sku,
    name: product.name,
    imageUrl: product.imageUrl,
    unit: product.unit,
    stock: product.stock,
    minOrderQuantity: product.minOrderQuantity,
    packSize: product.packSize,
    priceTiers: product.priceTiers.map(({ minQuantity, unitPriceCents }) => ({ minQuantity, unitPriceCents })),
    quantity,
    unitPriceCents: advice.unitPriceCents,
    ...(listUnitPriceCents === advice.unitPriceCents ? {} : { listUnitPriceCents }),
    lineTotalCents: advice.lineTotalCents,
    advice,
    advised: adviceNote(advice, product),
    suggestion: suggestQuantity(advice, product),
  };
};

export const priceCart = (items: readonly { product: CartProduct; quantity: number }[], terms: CompanyPriceTerms | null = null): CartView => {
  const lines = items.map(({ product, quantity }) => priceCartLine(product, quantity, terms));
  const totals = orderTotals(lines) ?? { lineCount: lines.length, itemCount: 0, totalCents: 0 };
  return { lines, ...totals, orderable: lines.length > 0 && lines.every((line) => line.advice.valid) };
};

export const viewCart = async (ports: ViewCartPorts, { userId }: { userId: string }): Promise<CartView> => {
  const [items, terms] = await Promise.all([ports.store.carts.itemsOf(userId), buyerTermsOf(ports, userId)]);
  return priceCart(items, terms);
};

/**
 * The lines a cart may hold: at most as many as an order, each product once, each quantity a
 * whole number of at least one (minimum, packs and stock are advice here, rules at ordering).
 */
const cartLinesProblems = (lines: readonly CartLineRequest[]): FieldProblems => {
  const fields: FieldProblems = {};
  if (lines.length === 0) return fields;
  for (const failure of checkOrderLinesShape(lines)) fields[failure.field] ??= orderLinesProblem(failure);
  lines.forEach((line, index) => {
    if (line.quantity < 1) fields[`lines.${index}.quantity`] ??= problem('cartQuantityAtLeastOne');
  });
  return fields;
};

export const saveCart = async (
  ports: SaveCartPorts,
  { userId, lines }: { userId: string; lines: readonly CartLineRequest[] },
): Promise<Result<CartView, ErrorOf<'VALIDATION_FAILED'>>> => {
  const problems = cartLinesProblems(lines);
  if (Object.keys(problems).length > 0) return fail(invalid(problems));
  const { missing } = await ports.store.carts.replace(userId, lines);
  if (missing.length > 0) return fail(invalid(Object.fromEntries(missing.map((index) => [`lines.${index}.productId`, problem('productNotFound')]))));
  return ok(await viewCart(ports, { userId }));
};

/** Why an earlier order's line could not go back into the cart. */
export type NotReordered = 'product-gone' | 'sold-out' | 'below-minimum';

export interface ReorderResult {
  cart: CartView;
  /**
   * The order's lines left out, by position, with the reason and, for a product still sold, its
   * stock and minimum (what the edge's sentence for 'below-minimum' names); 0 for one gone.
   */
  notAdded: { position: number; sku: string; productName: string; reason: NotReordered; stock: number; minimum: number }[];
}

/**
 * "Order again" (docs/orders.md, "Orders, cart, quick order"): the order's lines go into the cart at today's prices,
 * added to what is already there. A product since deleted, sold out, or with less left than its
 * minimum order stays out, and the answer says which and why; a quantity the product's terms
 * changed under (a new minimum or pack size) goes in as it was, with the cart's advice on it.
 */
export const reorder = async (
  ports: ReorderPorts,
  { buyer, orderId }: { buyer: { id: string }; orderId: string },
): Promise<Result<ReorderResult, ErrorOf<'NOT_FOUND' | 'VALIDATION_FAILED'>>> => {
  const { store } = ports;
  const order = await store.orders.findById(orderId);
  if (!order || order.userId !== buyer.id) return fail(notFound('order'));

  const items = await store.carts.itemsOf(buyer.id);
  const quantities = new Map(items.map(({ product, quantity }) => [product.id, quantity]));
  const notAdded: ReorderResult['notAdded'] = [];
  for (const [position, line] of order.lines.entries()) {
    const product = line.productId ? await store.products.findById(line.productId) : null;
    const availability = product ? availabilityOf(product) : 'product-gone';
    if (!product || availability !== 'orderable') {
      const reason = availability as NotReordered;
      notAdded.push({ position, sku: line.sku, productName: line.productName, reason, stock: product?.stock ?? 0, minimum: product?.minOrderQuantity ?? 0 });
      continue;
    }
    quantities.set(product.id, (quantities.get(product.id) ?? 0) + line.quantity);
  }
  const saved = await saveCart(ports, { userId: buyer.id, lines: [...quantities].map(([productId, quantity]) => ({ productId, quantity })) });
  return saved.ok ? ok({ cart: saved.value, notAdded }) : fail(saved.error);
};

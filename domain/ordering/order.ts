import type { Cents } from '../shared/money.ts';

/** The one constant behind 'Minimum Order Quantity: 100'. */
export const MIN_ORDER_QUANTITY = 100;

/**
 * How many unpaid orders one account may hold at once, and how long an unpaid order holds its
 * stock: the defaults of `MAX_UNPAID_ORDERS_PER_ACCOUNT` and `UNPAID_ORDER_TTL_HOURS`, so nobody
 * can tie up the shelf with orders they never pay.
 */
export const DEFAULT_MAX_UNPAID_ORDERS = 5;
export const DEFAULT_UNPAID_ORDER_TTL_HOURS = 48;

/** unpaid → pending (paid, verified with the provider) → shipped. No other transition exists. */
export type OrderStatus = 'unpaid' | 'pending' | 'shipped';

export interface Order {
  id: string;
  userId: string;
  email: string;
  customerName: string;
  /** Null once the product was deleted; the snapshot below stays. */
  productId: string | null;
  productName: string;
  productImageUrl: string;
  productDescription: string;
  unitPriceCents: Cents;
  /** How the product was counted when ordered (`piece`, `box of 50`): the quantity's unit. */
  unit: string;
  quantity: number;
  totalCents: Cents;
  phone: string;
  address: string;
  status: OrderStatus;
  transactionId: string | null;
  /** The provider's intent opened to pay this order (while unpaid), asked before the order is deleted. */
  paymentIntentId: string | null;
  idempotencyKey: string | null;
  createdAt: Date;
  paidAt: Date | null;
  shippedAt: Date | null;
}

export const canDelete = (order: Pick<Order, 'status'>): boolean => order.status === 'unpaid';
export const canPay = (order: Pick<Order, 'status'>): boolean => order.status === 'unpaid';
export const canShip = (order: Pick<Order, 'status'>): boolean => order.status === 'pending';

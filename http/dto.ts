/**
 * The JSON shapes of spec/api.md, as the server sends them (dates as ISO strings). The web app
 * imports these types; the server builds them with the `to…Dto` functions in serializers.ts.
 */
/**
 * Set for a minute by a successful Google sign-in, readable by the page it returns to, which says
 * 'Login successful' as the e-mail sign-in does and deletes it. It carries no secret.
 */
export const GOOGLE_SIGNED_IN_COOKIE = 'signed_in_with_google';

export interface UserDto {
  id: string;
  email: string;
  name: string;
  role: 'customer' | 'admin';
  emailVerified: boolean;
  createdAt: string;
}

export interface ProfileDto {
  name: string;
  email: string;
  imageUrl: string;
  phone: string;
  education: string;
  linkedin: string;
  facebook: string;
  address: string;
}

export interface ProductDto {
  id: string;
  name: string;
  description: string;
  imageUrl: string;
  priceCents: number;
  stock: number;
  minOrderQuantity: number;
  createdAt: string;
  updatedAt: string;
}

export interface ReviewDto {
  id: string;
  name: string;
  imageUrl: string;
  country: string;
  rating: number;
  comment: string;
  createdAt: string;
}

export type OrderStatusDto = 'unpaid' | 'pending' | 'shipped';

export interface OrderDto {
  id: string;
  email: string;
  customerName: string;
  productId: string | null;
  productName: string;
  productImageUrl: string;
  productDescription: string;
  unitPriceCents: number;
  quantity: number;
  totalCents: number;
  phone: string;
  address: string;
  status: OrderStatusDto;
  transactionId: string | null;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
}

export interface ListDto<T> {
  items: T[];
  nextCursor: string | null;
}

export interface SessionDto {
  user: UserDto;
  token: string;
}

export interface MeDto {
  user: UserDto;
  profile: ProfileDto | null;
}

export interface PaymentIntentDto {
  provider: 'stripe' | 'test';
  clientSecret: string;
  publishableKey: string | null;
  amountCents: number;
}

export interface TestCardResultDto {
  status: 'succeeded';
  paymentIntentId: string;
}

/** GET /api/admin/overview: the admin dashboard's counts. */
export interface ShopOverviewDto {
  ordersAwaitingShipment: number;
  unpaidOrders: number;
  /** Products with fewer units than one minimum order. */
  lowStockProducts: number;
  contactMessages: number;
}

export interface AdminOrdersDto {
  items: OrderDto[];
  total: number;
}

export interface ContactMessageDto {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

export interface SubscriberDto {
  email: string;
  createdAt: string;
}

export interface ErrorDto {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** POST /api/uploads */
export interface UploadDto {
  url: string;
}

// Every page of the app the audit visits, who visits it, and the data those pages need.
import { call, placeOrder, signUpCustomer } from '../../tests/support/api.ts';
import { TEST_ADMIN } from '../../tests/support/server.ts';

export const CUSTOMER_PASSWORD = 'customer-password-1'; // the one signUpCustomer uses

/**
 * `as` is the visitor: signed out, a customer with one unpaid order, or the server's admin.
 * Paths are functions of the fixtures (the ids exist only once the server runs).
 * `lighthouse` marks the public pages Lighthouse also scores.
 */
export const PAGES = [
  { name: 'home', as: 'visitor', path: () => '/', lighthouse: true },
  { name: 'all products', as: 'visitor', path: () => '/allProduct', lighthouse: true },
  { name: 'blogs', as: 'visitor', path: () => '/blogs', lighthouse: true },
  { name: 'portfolio', as: 'visitor', path: () => '/myPortfolio' },
  { name: 'login', as: 'visitor', path: () => '/login' },
  { name: 'sign up', as: 'visitor', path: () => '/signUp' },
  { name: 'reset password', as: 'visitor', path: () => '/resetPassword' },
  { name: 'not found', as: 'visitor', path: () => '/no-such-page' },
  // A product page as a visitor (the shared HTML search engines and link previews get), scored by Lighthouse too.
  { name: 'product page', as: 'visitor', path: (f) => `/product/${f.productId}`, lighthouse: true },
  { name: 'product', as: 'customer', path: (f) => `/product/${f.productId}` },
  { name: 'my orders', as: 'customer', path: () => '/dashboard' },
  { name: 'payment', as: 'customer', path: (f) => `/dashboard/payment/${f.orderId}` },
  // The buyer's pages axe once flagged (label-content-name-mismatch): a cart with a line over the
  // stock (its summary and fixes showing), quick order, the requests for quote.
  { name: 'buyer cart', as: 'customer', path: () => '/cart' },
  { name: 'buyer quick order', as: 'customer', path: () => '/quickOrder' },
  { name: 'buyer quotes', as: 'customer', path: () => '/dashboard/quotes' },
  { name: 'add review', as: 'customer', path: () => '/dashboard/review' },
  { name: 'my profile', as: 'customer', path: () => '/dashboard/myProfile' },
  { name: 'edit profile', as: 'customer', path: () => '/editProfile' },
  { name: 'admin overview', as: 'admin', path: () => '/dashboard' },
  { name: 'all orders', as: 'admin', path: () => '/dashboard/allOrders' },
  { name: 'all users', as: 'admin', path: () => '/dashboard/allUsers' },
  { name: 'add product', as: 'admin', path: () => '/dashboard/addProduct' },
  { name: 'manage products', as: 'admin', path: () => '/dashboard/manageProduct' },
  { name: 'categories', as: 'admin', path: () => '/dashboard/categories' },
  { name: 'messages', as: 'admin', path: () => '/dashboard/messages' },
  { name: 'manage reviews', as: 'admin', path: () => '/dashboard/reviews' },
  { name: 'product edit', as: 'admin', path: (f) => `/product/${f.productId}` },
];

const expectOk = (reply, what) => {
  if (reply.status >= 300) throw new Error(`${what}: HTTP ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
};

/**
 * Through the API, as an outside client: a customer with one unpaid order of the newest demo
 * product (so My Order and the payment page have a row) and a cart with a line over the stock, plus a contact message and a newsletter
 * subscriber so the admin's lists are not empty.
 */
export async function prepareFixtures(server) {
  const baseUrl = server.url;
  const customer = { email: `audit-${Date.now()}@bulkhead.test`, password: CUSTOMER_PASSWORD };
  await signUpCustomer(server, customer.email);
  const customerToken = expectOk(
    await call(baseUrl, 'POST', '/api/auth/sign-in', { body: customer }),
    'customer sign-in',
  ).token;
  const products = expectOk(await call(baseUrl, 'GET', '/api/products?limit=2'), 'product list');
  const productId = products.items[0]?.id;
  if (!productId) throw new Error('The demo catalog is empty: is SEED_DEMO off?');
  const order = expectOk(await placeOrder(baseUrl, customerToken, productId, 100), 'order');
  // The cart: one line within the stock, one above it.
  const cartLines = products.items.map((item, index) => ({ productId: item.id, quantity: index === 0 ? item.minOrderQuantity : item.stock + item.minOrderQuantity }));
  expectOk(await call(baseUrl, 'PUT', '/api/cart', { token: customerToken, body: { lines: cartLines } }), 'cart');
  expectOk(
    await call(baseUrl, 'POST', '/api/contact', {
      body: { name: 'Audit Visitor', email: customer.email, message: 'Do you ship pipe fittings to Norway?' },
    }),
    'contact message',
  );
  expectOk(await call(baseUrl, 'POST', '/api/newsletter', { body: { email: customer.email } }), 'newsletter');
  return {
    productId,
    orderId: order.id,
    accounts: { visitor: null, customer, admin: { email: TEST_ADMIN.email, password: TEST_ADMIN.password } },
  };
}

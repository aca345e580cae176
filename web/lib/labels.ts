/**
 * The web app's own words: buttons, headings, menu entries and hints no server answer carries
 * (domain/README.md, "Words"). Kept word for word as users know them; tests assert these
 * constants, so a changed label changes in one place.
 */

/** Quantities in sentences read with thousands separators: "1,000". */
const quantityText = (quantity: number): string => quantity.toLocaleString('en-US');

/** Labels already in correct English, kept word for word as users know them. */
export const labels = {
  /** The seed's line with the product's own minimum and unit: "Minimum Order Quantity: 200 pieces". */
  minimumOrderOf: (count: string) => `Minimum Order Quantity: ${count}`,
  productSold: 'Product Sold',
  soldOut: 'Sold out',
  notEnoughForMinimum: (stock: number, minimum: number) =>
    `Not enough stock for a minimum order: ${quantityText(stock)} left, the minimum is ${quantityText(minimum)}.`,
  signInToOrder: 'Log in to order this product. You will come back here afterwards.',
  // A product page without JavaScript: everything reads, but the buy box cannot work (docs/storefront.md, "Without JavaScript").
  orderingNeedsJavaScript: 'Ordering needs JavaScript: turn it on in your browser to choose a quantity and add this product to your cart.',
  signInToContinue: 'Log in to open that page. You will come back to it afterwards.',
  sold: 'Sold',
  purchaseNow: 'Purchase Now',
  editProduct: 'Edit Product',
  saveEdit: 'Save Edit',
  noOrders: 'No Order Available',
  orderShipped: 'Order Shipped',
  // Cancelled after payment: the whole payment was given back (docs/orders.md, "After the sale: cancel, refund, return").
  orderCancelled: 'Cancelled — refunded',
  // Paid, not yet shipped: said so, since "pending" beside "PAID" read as a payment still pending.
  orderPending: 'Paid — awaiting shipment',
  notPaid: 'Not Paid',
  // A company buyer's order before payment (docs/companies.md, "Approvals").
  awaitingApproval: 'Awaiting approval',
  rejectedBecause: (reason: string | null) => (reason ? `Rejected: ${reason}` : 'Rejected'),
  company: 'Company',
  companies: 'Companies',
  paid: 'PAID',
  payNow: 'Pay Now',
  tryAgain: 'Try again',
  orderAgain: 'Order again',
  dashboardWelcome: 'Welcome To Dashboard',
  myOrder: 'My Order',
  addReview: 'Add Review',
  myProfile: 'My Profile',
  editProfile: 'Edit Profile',
  addProduct: 'Add Product',
  manageProducts: 'Manage Products',
  categories: 'Categories',
  importCatalogue: 'Import Catalogue',
  manageAllOrders: 'Manage All Orders',
  quotes: 'Quotes',
  quoteRequests: 'Quote Requests',
  requestQuote: 'Request a quote',
  manageReviews: 'Manage Reviews',
  overview: 'Overview',
  inbox: 'Messages & Subscribers',
  auditLog: 'Audit log',
  allUsers: 'All Users',
  totalOrders: 'Total Orders',
  makeAdmin: 'Make Admin',
  alreadyAdmin: 'Already Admin',
  unpaid: 'UNPAID',
  shipped: 'Shipped',
  ship: 'Ship',
  cancelOrder: 'Cancel order',
  refund: 'Refund',
  refunded: 'Refunded',
  returns: 'Returns',
  paymentsToRefund: 'Payments to refund',
  returnItems: 'Return items',
  creditNote: 'Credit note (PDF)',
  approve: 'Approve',
  reject: 'Reject',
  receive: 'Receive',
  noRating: 'No Rating',
  readMore: 'Read More',
  buyNow: 'Buy Now',
  forgotPassword: 'Forgot Password',
  continueWithGoogle: 'Continue with Google',
  resetPassword: 'Reset Password',
  setNewPassword: 'Set New Password',
  requestNewLink: 'Request a new link',
  resendVerification: 'Send me a new verification e-mail',
  emailNotVerified: 'E-mail not verified',
  saveProfile: 'Save Profile',
  /** Edit Profile's disclosure for the original shop's optional fields (education, social links). */
  moreAboutYou: 'More about you',
  taxNumberHint: 'Printed on your invoices, as you write it here.',
  profileImageHint: 'PNG, JPEG, GIF, WebP or SVG, smaller than 1 MB.',
  keepPhotoHint: 'Leave it empty to keep your current photo.',
  /** My Profile's texts for a field the user has not filled in yet (the original shop's wording, kept). */
  profilePlaceholders: {
    address: 'Please Add Your Address',
    phone: 'Please Add Your Phone Number',
    companyName: 'Add your company to have it on your invoices',
    jobTitle: 'Add your job title',
    taxNumber: 'Add your tax/VAT number to have it on your invoices',
    education: 'Please Add Your Education',
    linkedin: 'Please Add Your Linkedin Profile Link',
    facebook: 'Please Add Your Facebook Profile Link',
  },
  areYouSure: 'Are you sure?',
  yesDelete: 'Yes, delete it!',
  totalPrice: 'Total Price: $',
  orderQuantity: 'Order Quantity',
  imageHint: 'PNG, JPEG, GIF, WebP or SVG, smaller than 1 MB',
  /** The cart's summary of lines that cannot be ordered as they stand (docs/orders.md, "Orders, cart, quick order"). */
  linesNeedAttention: (count: number) => (count === 1 ? '1 line needs attention' : `${quantityText(count)} lines need attention`),
  placeOrderBlocked: (count: number) => `Fix ${count === 1 ? 'the line' : `the ${quantityText(count)} lines`} marked above before placing the order.`,
  setToAvailable: 'Set to what is available',
  setToMinimum: 'Set to the minimum',
  roundToPacks: 'Round to whole packs',
  setAllToAvailable: 'Set all to what is available',
  removeLinesNeedingAttention: (count: number) => (count === 1 ? 'Remove that line' : `Remove these ${quantityText(count)} lines`),
  chooseQuoteLine: 'Choose at least one line to quote',
  /** A product page's offer when the quantity is more than the stock, or none is left. */
  quoteAboveStock: (stock: string) => `Need more than the ${stock} in stock? Ask us for a quote: we answer with a price, a quantity and a date.`,
  quoteSoldOut: 'Sold out for now. Ask us for a quote: we answer with a quantity, a price and a date.',
  skipToOrderSummary: 'Skip to the order summary',
  testModeNotice: 'Test mode: no real card is charged. Use 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 to see a decline.',
} as const;

/** How the catalogue names a choice a link held that it could not use (web/features/products/catalogue-search.ts). */
const CHOICE_NAMES: Record<string, string> = {
  q: 'search words',
  category: 'department',
  brand: 'brand',
  inStock: 'in stock only',
  minPrice: 'lowest price',
  maxPrice: 'highest price',
  sort: 'sort order',
  exact: 'exact words',
  attr: 'specs',
  view: 'layout (list or grid)',
};

/** Said above the catalogue when the link held choices it could not use (they were left out). */
export const catalogueChoicesIgnoredText = (names: readonly string[]) =>
  `This link held choices the catalogue cannot use, so they were left out: ${names.map((name) => CHOICE_NAMES[name] ?? name).join(', ')}.`;

/** Each public page's title and search-result description, declared by its route's head() (web/lib/page-head.ts). */
export const pageMeta = {
  home: {
    title: 'Hardware parts and tools in bulk',
    description: 'Bulkhead sells plumbing parts, hand tools and power tools in bulk, from 100 units a line, with card payment and tracked orders.',
  },
  catalogue: { title: 'All Products', description: 'Every hardware part and tool Bulkhead sells, by department, brand and part number.' },
  blogs: {
    title: 'Our Blogs',
    description:
      'Five articles answering common questions: how to speed up a React app, ways to manage state, how prototypal inheritance works, why unit tests matter, and how to search products by name.',
  },
  portfolio: { title: 'My Portfolio', description: "The shop owner's page: who runs Bulkhead, their background, skills and sample projects." },
  notFound: { title: 'Page not found', description: 'The page you asked for does not exist on Bulkhead.' },
  /** A product's description in search results: its name, then the start of its description. */
  productDescription: (name: string, description: string) => `${name}: ${description.slice(0, 140)}`,
} as const;

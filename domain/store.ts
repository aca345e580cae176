import type { AfterSaleRepository } from './after-sale/after-sale-repository.ts';
import type { AuditLogRepository } from './audit/audit-log.ts';
import type { ReportRepository } from './admin/report-repository.ts';
import type { CategoryRepository } from './catalog/category-repository.ts';
import type { CompanyRepository } from './companies/company-repository.ts';
import type { ProductSearch } from './catalog/product-search.ts';
import type { ProductRepository } from './catalog/product-repository.ts';
import type { InboxRepository, ReviewRepository } from './content/content-repository.ts';
import type { UserRepository } from './identity/user-repository.ts';
import type { MailOutboxRepository } from './mail/mail-outbox.ts';
import type { CartRepository } from './ordering/cart-repository.ts';
import type { OrderRepository } from './ordering/order-repository.ts';
import type { RefundRepository } from './ordering/payment-to-refund.ts';
import type { QuoteRepository } from './quoting/quote-repository.ts';

/**
 * The storage ports: one repository per aggregate, implemented by memory, SQLite and Postgres
 * (adapters/storage). The connection's lifecycle and the catalog version are not the domain's
 * business: the adapter hands them to composition beside these repositories.
 */
export interface Store {
  products: ProductRepository;
  categories: CategoryRepository;
  /** The catalogue search (docs/catalogue.md, "Search"), on the database's own full-text engine. */
  search: ProductSearch;
  orders: OrderRepository;
  /** Each buyer's saved order list (docs/orders.md, "Orders, cart, quick order"). */
  carts: CartRepository;
  /** Refunds (credit notes) and returns, beside the orders (docs/orders.md, "After the sale: cancel, refund, return"). */
  afterSale: AfterSaleRepository;
  /** Succeeded payments no order could take, kept for an admin to refund. */
  refunds: RefundRepository;
  /** Requests for quote and their answers (docs/orders.md, "Requests for quote"). */
  quotes: QuoteRepository;
  users: UserRepository;
  reviews: ReviewRepository;
  inbox: InboxRepository;
  /** E-mails owed to buyers, queued with the change they tell of (docs/email.md, "E-mail"). */
  outbox: MailOutboxRepository;
  /** The admin overview's sums (docs/reports.md, "Reports"). */
  reports: ReportRepository;
  /** Every admin action, written with the change it records (docs/audit-log.md, "Audit log"). */
  audit: AuditLogRepository;
  /** Companies, their members, invitations and sites (docs/companies.md). */
  companies: CompanyRepository;
}

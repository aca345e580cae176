import type { GoogleSignIn } from './identity/google-identity.ts';
import type { LinkTokenService } from './identity/link-token-service.ts';
import type { PasswordHasher } from './identity/password-hasher.ts';
import type { TokenService } from './identity/token-service.ts';
import type { ImageStore, InspectImage } from './images/image-store.ts';
import type { MailWriter } from './mail/mail-outbox.ts';
import type { Mailer } from './mail/mailer.ts';
import type { OrderDocuments } from './ordering/order-documents.ts';
import type { PaymentGateway, PaymentWebhooks, TestCardNetwork } from './ordering/payment-gateway.ts';
import type { Clock, IdGenerator } from './shared/clock.ts';
import type { Store } from './store.ts';

/**
 * Every port the shop's use cases may use, in one place. Each use case declares the repository
 * methods and services it uses as its own named type in this shape (`PlaceOrderPorts`:
 * `{ store: { orders: Pick<OrderRepository, …> }, clock }`; domain/README.md), which `Ports`
 * satisfies as it is; adapters/compose.ts builds them all from the configuration, and tests
 * build them from in-memory and offline adapters. Capabilities only some
 * providers have are null when absent, never discovered by duck typing.
 */
export interface Ports {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  hasher: PasswordHasher;
  /** Session tokens. */
  tokens: TokenService;
  /** Signed tokens for the verification and password-reset links. */
  links: LinkTokenService;
  /** The mail server (SMTP, or files in the outbox directory). */
  mailer: Mailer;
  /** Writes a queued e-mail (docs/email.md, "E-mail") from what it is about, when it is sent. */
  writeMail: MailWriter;
  images: ImageStore;
  /** Checks a raster upload's size in pixels and that it decodes, before it is kept. */
  inspectImage: InspectImage;
  payments: PaymentGateway;
  /** The test provider's card network; null with Stripe. */
  testCards: TestCardNetwork | null;
  /** Signed payment webhooks; null with the test provider. */
  webhooks: PaymentWebhooks | null;
  /** An order's invoice and packing slip, as PDF. */
  documents: OrderDocuments;
  /** Null when Google sign-in is not configured: its routes answer 503. */
  google: GoogleSignIn | null;
}

import type { User } from '#domain/identity/user.ts';
import type { PasswordHasher } from '#domain/identity/password-hasher.ts';
import type { TokenService } from '#domain/identity/token-service.ts';
import type { PaymentGateway, PaymentIntent } from '#domain/ordering/payment-gateway.ts';
import type { CoreDeps } from '#domain/shared/deps.ts';
import type { DomainError } from '#domain/shared/errors.ts';
import type { Result } from '#domain/shared/result.ts';
import type { Logger } from './logger.ts';
import type { TestCardInput } from './schemas.ts';

/** The offline test provider's card network (adapters/payments/test). */
export interface TestCardConfirmer {
  confirmCard(input: TestCardInput): Promise<Result<{ status: 'succeeded'; paymentIntentId: string }, DomainError>>;
}

/** Stripe's signed webhooks (adapters/payments/stripe); `intent` only for payment_intent.succeeded. */
export interface WebhookVerifier {
  verifyWebhook(
    rawBody: string,
    signature: string,
  ): Promise<{ ok: true; eventId: string; intent: PaymentIntent | null } | { ok: false }>;
}

export const canConfirmTestCards = (payments: PaymentGateway): payments is PaymentGateway & TestCardConfirmer =>
  payments.provider === 'test' && typeof (payments as Partial<TestCardConfirmer>).confirmCard === 'function';

export const canVerifyWebhooks = (payments: PaymentGateway): payments is PaymentGateway & WebhookVerifier =>
  typeof (payments as Partial<WebhookVerifier>).verifyWebhook === 'function';

/** Settings the HTTP layer reads; tests override the few they exercise. */
export interface HttpSettings {
  /** The public origin (PUBLIC_URL); also accepted as Origin by the CSRF check. */
  publicUrl: URL | null;
  /** Behind HTTPS: Secure cookie and HSTS. */
  secure: boolean;
  /** Sign-in/sign-up attempts per window, per IP and (sign-in) per e-mail. */
  authRateLimit: number;
  authRateWindowMs: number;
  /** Behind one reverse proxy: the client address is the last X-Forwarded-For entry. */
  trustProxy: boolean;
  /** The session cookie's Max-Age; matches the token lifetime. */
  sessionTtlSeconds: number;
  jsonBodyLimitBytes: number;
  webhookBodyLimitBytes: number;
}

export const defaultHttpSettings: HttpSettings = {
  publicUrl: null,
  secure: false,
  authRateLimit: 10,
  authRateWindowMs: 15 * 60 * 1000,
  trustProxy: false,
  sessionTtlSeconds: 7 * 24 * 60 * 60,
  jsonBodyLimitBytes: 64 * 1024,
  webhookBodyLimitBytes: 512 * 1024,
};

/** Everything createApp needs; adapters/compose.ts builds it from the configuration. */
export interface AppPorts extends CoreDeps {
  hasher: PasswordHasher;
  tokens: TokenService;
  payments: PaymentGateway;
  /** The built SPA (dist/); null or missing index.html gives the "run npm run build" page. */
  webRoot?: string | null;
  settings?: Partial<HttpSettings>;
  logger?: Logger;
}

/** Hono's per-request variables: the signed-in user, set by requireUser. */
export interface AppEnv {
  Variables: { user: User };
}

import type { Ports } from '#domain/ports.ts';
import type { StripePaymentGateway } from './stripe/stripe-payment-gateway.ts';
import type { TestPaymentGateway } from './test/test-payment-gateway.ts';

/** A provider as the domain's ports: the test provider brings a card network, Stripe its webhooks. */
export const paymentPorts = (
  gateway: TestPaymentGateway | StripePaymentGateway,
): Pick<Ports, 'payments' | 'testCards' | 'webhooks'> => ({
  payments: gateway,
  testCards: gateway.provider === 'test' ? gateway : null,
  webhooks: gateway.provider === 'stripe' ? gateway : null,
});

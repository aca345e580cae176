import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { newIntentIds, randomBase62 } from '../random-id.ts';
import { parseFormBody, type FormObject, type FormValue } from './form-body.ts';

/**
 * A faithful local fake of exactly the Stripe endpoints Bulkhead uses, so the real `stripe` SDK
 * can be tested (and the app developed) without network or account:
 *   POST /v1/payment_intents, GET /v1/payment_intents/:id, POST /v1/payment_intents/:id/confirm,
 *   POST /v1/payment_intents/:id/cancel, POST /v1/refunds.
 * Same auth (Bearer secret key), form-encoded bodies, error JSON, status codes, Idempotency-Key
 * replay, and Stripe's test payment methods pm_card_visa (succeeds) and pm_card_chargeDeclined.
 * Idempotency keys last until `expireIdempotencyKeys()`, which does what 24 hours do at Stripe.
 * Refunds are immediate (`succeeded`) and never pass what is left of the charge.
 * Not modelled: 3-D Secure, captures, asynchronous refund failures.
 */

export interface FakeStripe {
  host: string;
  port: number;
  protocol: 'http';
  /** Stripe forgets an idempotency key after 24 hours: the same key then creates a new intent. */
  expireIdempotencyKeys(): void;
  /** The ids of every intent created for the order (its `metadata[orderId]`), oldest first: what the dashboard would list. */
  intentsForOrder(orderId: string): string[];
  close(): Promise<void>;
}

interface StripeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean; allow_redirects: 'always' | 'never' } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  description: string | null;
  last_payment_error: StripeErrorBody | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
}

interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  payment_intent?: StripeIntent;
}

interface Reply {
  status: number;
  body: unknown;
}

/** The test payment methods Stripe provides, and what the card network answers for each. */
const TEST_PAYMENT_METHODS: Record<string, { approved: true } | { approved: false; declineCode: string }> = {
  pm_card_visa: { approved: true },
  pm_card_mastercard: { approved: true },
  pm_card_chargeDeclined: { approved: false, declineCode: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: { approved: false, declineCode: 'insufficient_funds' },
};

/** Stripe's smallest USD charge is 50 cents. */
const MINIMUM_AMOUNT_USD = 50;
const SUPPORTED_CURRENCIES = new Set(['usd']);

const failure = (status: number, error: StripeErrorBody): Reply => ({ status, body: { error } });

const invalidRequest = (message: string, extra: Partial<StripeErrorBody> = {}): Reply =>
  failure(400, { type: 'invalid_request_error', message, ...extra });

const missing = (kind: string, id: string, param: string): Reply =>
  failure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
    doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
  });

const asString = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

const asStringRecord = (value: FormValue | undefined): Record<string, string> => {
  const record: Record<string, string> = {};
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, entry] of Object.entries(value)) if (typeof entry === 'string') record[key] = entry;
  }
  return record;
};

const automaticMethods = (value: FormValue | undefined): StripeIntent['automatic_payment_methods'] => {
  const settings = asStringRecord(value);
  if (settings.enabled !== 'true') return null;
  return { enabled: true, allow_redirects: settings.allow_redirects === 'never' ? 'never' : 'always' };
};

const maskKey = (key: string): string => `${key.slice(0, 8)}****${key.slice(-4)}`;

export async function startFakeStripe(options: { secretKey: string }): Promise<FakeStripe> {
  const intents = new Map<string, StripeIntent>();
  /** Cents given back per intent. */
  const refunded = new Map<string, number>();
  const idempotent = new Map<string, { request: unknown; reply: Reply }>();

  const createIntent = (params: FormObject): Reply => {
    const amountText = asString(params.amount);
    if (amountText === undefined) return invalidRequest('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' });
    const amount = Number(amountText);
    if (!/^\d+$/.test(amountText) || !Number.isSafeInteger(amount)) {
      return invalidRequest('Invalid integer: ' + amountText, { code: 'parameter_invalid_integer', param: 'amount' });
    }
    const currency = asString(params.currency)?.toLowerCase();
    if (!currency) return invalidRequest('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    if (!SUPPORTED_CURRENCIES.has(currency)) return invalidRequest(`Invalid currency: ${currency}.`, { param: 'currency' });
    if (amount < MINIMUM_AMOUNT_USD) {
      return invalidRequest('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
    }
    // With automatic methods and no redirects, a US account in test mode offers cards (and Link).
    const methodTypes = Array.isArray(params.payment_method_types)
      ? params.payment_method_types.filter((type): type is string => typeof type === 'string')
      : ['card', 'link'];
    const { id, clientSecret } = newIntentIds();
    const intent: StripeIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods: automaticMethods(params.automatic_payment_methods),
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: clientSecret,
      confirmation_method: 'automatic',
      created: Math.floor(Date.now() / 1000),
      currency,
      description: asString(params.description) ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: asStringRecord(params.metadata),
      payment_method: null,
      payment_method_types: methodTypes,
      receipt_email: asString(params.receipt_email) ?? null,
      status: 'requires_payment_method',
    };
    intents.set(id, intent);
    return { status: 200, body: intent };
  };

  const confirmIntent = (id: string, params: FormObject): Reply => {
    const intent = intents.get(id);
    if (!intent) return missing('payment_intent', id, 'intent');
    if (intent.status === 'succeeded') {
      return invalidRequest(
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
        { code: 'payment_intent_unexpected_state', payment_intent: intent },
      );
    }
    if (intent.status === 'canceled') {
      return invalidRequest('This PaymentIntent\'s status is canceled, but must be one of requires_payment_method, requires_confirmation, or requires_action.', {
        code: 'payment_intent_unexpected_state',
        payment_intent: intent,
      });
    }
    const methodId = asString(params.payment_method);
    if (!methodId) {
      return invalidRequest(
        'You cannot confirm this PaymentIntent because it is missing a payment method. Update the PaymentIntent with a payment method and then confirm it again.',
        { code: 'payment_intent_unexpected_state', payment_intent: intent },
      );
    }
    // Redirect-based methods need somewhere to come back to, so Stripe insists on a return_url.
    if (intent.automatic_payment_methods?.allow_redirects === 'always' && !asString(params.return_url)) {
      return invalidRequest(
        'This PaymentIntent is configured to accept payment methods enabled in your Dashboard. Because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`.',
        { param: 'return_url' },
      );
    }
    const method = TEST_PAYMENT_METHODS[methodId];
    if (!method) return missing('PaymentMethod', methodId, 'payment_method');
    const paymentMethod = `pm_${randomBase62(24)}`;
    if (!method.approved) {
      const error: StripeErrorBody = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: method.declineCode,
        message: 'Your card was declined.',
        doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      };
      // A declined intent goes back to needing a payment method, remembering why.
      Object.assign(intent, { status: 'requires_payment_method', payment_method: null, last_payment_error: error, latest_charge: `ch_${randomBase62(24)}` });
      return failure(402, { ...error, payment_intent: { ...intent } });
    }
    Object.assign(intent, {
      status: 'succeeded',
      payment_method: paymentMethod,
      amount_received: intent.amount,
      last_payment_error: null,
      latest_charge: `ch_${randomBase62(24)}`,
    });
    return { status: 200, body: intent };
  };

  /** Stripe cancels an intent that has not succeeded (or been cancelled) yet; otherwise 400, nothing changed. */
  const cancelIntent = (id: string, params: FormObject): Reply => {
    const intent = intents.get(id);
    if (!intent) return missing('payment_intent', id, 'intent');
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return invalidRequest(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        { code: 'payment_intent_unexpected_state', payment_intent: intent },
      );
    }
    Object.assign(intent, {
      status: 'canceled',
      canceled_at: Math.floor(Date.now() / 1000),
      cancellation_reason: asString(params.cancellation_reason) ?? null,
    });
    return { status: 200, body: intent };
  };

  /** Stripe refunds part or all of a succeeded intent's charge, never more than is left of it. */
  const createRefund = (params: FormObject): Reply => {
    const intentId = asString(params.payment_intent);
    if (!intentId) return invalidRequest('One of the following params should be provided for this request: payment_intent or charge.', { code: 'parameter_missing' });
    const intent = intents.get(intentId);
    if (!intent) return missing('payment_intent', intentId, 'payment_intent');
    if (intent.status !== 'succeeded') {
      return invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, { code: 'payment_intent_unexpected_state', param: 'payment_intent' });
    }
    const given = refunded.get(intentId) ?? 0;
    const left = intent.amount_received - given;
    const amountText = asString(params.amount);
    const amount = amountText === undefined ? left : Number(amountText);
    if (amountText !== undefined && (!/^\d+$/.test(amountText) || !Number.isSafeInteger(amount) || amount < 1)) {
      return invalidRequest('Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount' });
    }
    if (left === 0) return invalidRequest(`Charge ${intent.latest_charge} has already been refunded.`, { code: 'charge_already_refunded' });
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    if (amount > left) {
      return invalidRequest(`Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`, { param: 'amount' });
    }
    refunded.set(intentId, given + amount);
    return {
      status: 200,
      body: {
        id: `re_${randomBase62(24)}`,
        object: 'refund',
        amount,
        charge: intent.latest_charge,
        created: Math.floor(Date.now() / 1000),
        currency: intent.currency,
        metadata: asStringRecord(params.metadata),
        payment_intent: intentId,
        reason: asString(params.reason) ?? null,
        status: 'succeeded',
      },
    };
  };

  const route = (method: string, path: string, params: FormObject): Reply => {
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params);
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel?.[1]) return cancelIntent(decodeURIComponent(cancel[1]), params);
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    const single = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(params);
    if (method === 'POST' && confirm?.[1]) return confirmIntent(decodeURIComponent(confirm[1]), params);
    if (method === 'GET' && single?.[1]) {
      const id = decodeURIComponent(single[1]);
      const intent = intents.get(id);
      return intent ? { status: 200, body: intent } : missing('payment_intent', id, 'intent');
    }
    return failure(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  };

  const authenticate = (request: IncomingMessage): Reply | null => {
    const header = request.headers.authorization ?? '';
    const bearer = /^Bearer (.+)$/.exec(header)?.[1];
    if (!bearer) {
      return failure(401, {
        type: 'invalid_request_error',
        message: 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').',
      });
    }
    if (bearer !== options.secretKey) {
      return failure(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${maskKey(bearer)}` });
    }
    return null;
  };

  /** Same key and same request: the first answer again. Same key, other request: an error. */
  const withIdempotency = (request: IncomingMessage, path: string, params: FormObject, run: () => Reply): { reply: Reply; replayed: boolean } => {
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || typeof key !== 'string' || key === '') return { reply: run(), replayed: false };
    const fingerprint = { path, params };
    const earlier = idempotent.get(key);
    if (earlier) {
      if (isDeepStrictEqual(earlier.request, fingerprint)) return { reply: earlier.reply, replayed: true };
      return {
        reply: failure(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        }),
        replayed: false,
      };
    }
    const reply = run();
    // Stripe stores every result that reached its API logic, failures included (not 5xx).
    idempotent.set(key, { request: fingerprint, reply: { status: reply.status, body: structuredClone(reply.body) } });
    return { reply, replayed: false };
  };

  const send = (response: ServerResponse, reply: Reply, replayed: boolean) => {
    response.writeHead(reply.status, {
      'content-type': 'application/json',
      'request-id': `req_${randomBase62(14)}`,
      'stripe-version': '2026-01-01',
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    response.end(JSON.stringify(reply.body));
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake-stripe');
      const method = request.method ?? 'GET';
      const rejected = authenticate(request);
      if (rejected) return send(response, rejected, false);
      const params = parseFormBody(method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
      const { reply, replayed } = withIdempotency(request, url.pathname, params, () => route(method, url.pathname, params));
      send(response, reply, replayed);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    expireIdempotencyKeys: () => idempotent.clear(),
    intentsForOrder: (orderId) => [...intents.values()].filter((intent) => intent.metadata.orderId === orderId).map((intent) => intent.id),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

import type { Product } from '../catalog/product.ts';
import type { ProductRepository } from '../catalog/product-repository.ts';
import { isAdmin, type User } from '../identity/user.ts';
import { messages } from '../messages.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { invalid, refusal, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { NewQuote, Quote } from './quote.ts';
import { quoteMail } from './quote-mail.ts';
import type { QuoteRepository } from './quote-repository.ts';
import { quoteLinesProblems, quoteMessageProblem, type QuoteLineRequest } from './quote-rules.ts';

export interface RequestQuoteInput {
  buyer: User;
  lines: QuoteLineRequest[];
  message: string;
}

export type RequestQuotePorts = {
  store: { products: Pick<ProductRepository, 'findById'>; quotes: Pick<QuoteRepository, 'create'> };
  clock: Clock;
  ids: IdGenerator;
};

export type RequestQuoteError = ErrorOf<'ADMIN_CANNOT_BUY' | 'EMAIL_NOT_VERIFIED' | 'VALIDATION_FAILED'>;

/**
 * A buyer asks for a quote (docs/orders.md, "Requests for quote"): products they name, each in any
 * whole quantity of at least 1 (more than the stock, fewer than the minimum), with a message.
 * Nothing is reserved; the products' names and units are copied as an order's lines are.
 */
export const requestQuote = async (
  { store, clock, ids }: RequestQuotePorts,
  input: RequestQuoteInput,
): Promise<Result<Quote, RequestQuoteError>> => {
  const { buyer } = input;
  if (isAdmin(buyer)) return fail(refusal('ADMIN_CANNOT_BUY'));
  // It ends in an order, and the shop writes back: only to a proven address.
  if (!buyer.emailVerified) return fail(refusal('EMAIL_NOT_VERIFIED'));

  const fields = quoteLinesProblems(input.lines);
  const messageText = quoteMessageProblem(input.message);
  if (messageText) fields.message = messageText;
  const products = new Map<string, Product>();
  if (Object.keys(fields).length === 0) {
    for (const product of await Promise.all(input.lines.map((line) => store.products.findById(line.productId)))) {
      if (product) products.set(product.id, product);
    }
    input.lines.forEach((line, index) => {
      if (!products.has(line.productId)) fields[`lines.${index}.productId`] = messages.productNotFound;
    });
  }
  if (Object.keys(fields).length > 0) return fail(invalid(fields));

  const quote: NewQuote = {
    id: ids.newId(),
    userId: buyer.id,
    email: buyer.email,
    customerName: buyer.name,
    status: 'requested',
    lines: input.lines.map((line) => {
      const product = products.get(line.productId)!;
      return {
        productId: product.id,
        sku: product.sku,
        productName: product.name,
        unit: product.unit,
        requestedQuantity: line.quantity,
        quantity: null,
        unitPriceCents: null,
      };
    }),
    message: input.message.trim(),
    answer: null,
    holdsStock: false,
    expiresAt: null,
    orderId: null,
    createdAt: clock.now(),
    answeredAt: null,
    closedAt: null,
  };
  return ok(await store.quotes.create(quote, quoteMail('requested')));
};

import { fieldProblemText, fieldTexts, messages } from '#http/messages.ts';
import type { DomainError, FieldProblems } from '#domain/shared/errors.ts';
import { RETURN_WINDOW_DAYS } from '#domain/after-sale/after-sale.ts';
import { MAX_COMPANY_ADDRESSES, MAX_COMPANY_MEMBERS } from '#domain/companies/company.ts';

/**
 * The English for each refusal a use case can return, chosen here at the edge from the message
 * catalogue (http/messages.ts): the domain says what went wrong and with which data, this says
 * it to a person. Exhaustive by code, so a new domain error without a text fails to type-check.
 */
/** The first refused field's text: the answer's `message` names the first thing to fix. */
const firstText = (fields: FieldProblems): string | undefined => {
  const first = Object.values(fields)[0];
  return first && fieldProblemText(first);
};

export const messageOf = (error: DomainError): string => {
  switch (error.code) {
    case 'VALIDATION_FAILED':
      return firstText(error.fields) ?? messages.invalidInput;
    case 'FORBIDDEN':
      return messages.forbidden;
    case 'NOT_FOUND':
      return error.subject === 'product'
        ? messages.productNotFound
        : error.subject === 'order'
          ? messages.orderNotFound
          : error.subject === 'category'
            ? messages.categoryNotFound
            : error.subject === 'message'
              ? messages.contactMessageNotFound
              : error.subject === 'quote'
                ? messages.quoteNotFound
                : error.subject === 'refund'
                  ? messages.refundNotFound
                  : error.subject === 'return'
                    ? messages.returnNotFound
                    : error.subject === 'company-member'
                      ? messages.companyMemberNotFound
                      : error.subject === 'company-invitation'
                        ? messages.companyInvitationNotFound
                        : error.subject === 'company-address'
                          ? messages.companyAddressNotFound
                          : error.subject === 'payment'
                            ? messages.paymentToRefundNotFound
                            : messages.notFound;
    case 'INVALID_CREDENTIALS':
      return error.reason === 'google-email-unverified' ? messages.googleEmailUnverified : messages.invalidCredentials;
    case 'EMAIL_TAKEN':
      return messages.emailTaken;
    case 'INSUFFICIENT_STOCK':
      return messages.insufficientStock;
    case 'ADMIN_CANNOT_BUY':
      return messages.adminCannotBuy;
    case 'EMAIL_NOT_VERIFIED':
      return messages.verifyBeforeOrdering;
    case 'ORDER_NOT_DELETABLE':
      return messages.orderNotDeletable;
    case 'ORDER_NOT_SHIPPABLE':
      return messages.orderNotShippable;
    case 'ORDER_ALREADY_PAID':
      return messages.orderAlreadyPaid;
    case 'ORDER_NOT_PAID':
      return messages.invoiceBeforePayment;
    case 'PAYMENT_NOT_CONFIRMED':
      return messages.paymentNotConfirmed;
    case 'CARD_DECLINED':
      return messages.cardDeclined;
    case 'CANNOT_DELETE_SELF':
      return messages.cannotDeleteSelf;
    case 'CANNOT_CHANGE_OWN_ROLE':
      return messages.cannotChangeOwnRole;
    case 'LAST_ADMIN':
      return messages.lastAdmin;
    case 'IDEMPOTENCY_KEY_REUSED':
      return messages.idempotencyKeyReused;
    case 'QUOTE_NOT_OPEN':
      return messages.quoteNotOpen[error.status];
    case 'ORDER_NOT_CANCELLABLE':
      return messages.orderNotCancellable;
    case 'ORDER_NOT_REFUNDABLE':
      return messages.orderNotRefundable;
    case 'REFUND_EXCEEDS_PAID':
      return messages.refundExceedsPaid(error.refundableCents);
    case 'PAYMENT_ALREADY_REFUNDED':
      return messages.paymentAlreadyRefunded;
    case 'REFUND_REFUSED':
      return error.detail ? `${messages.refundRefused[error.reason]}: ${error.detail}` : messages.refundRefused[error.reason];
    case 'RETURN_NOT_ALLOWED':
      return error.reason === 'not-shipped' ? messages.returnNotShipped : messages.returnWindowClosed(RETURN_WINDOW_DAYS);
    case 'RETURN_NOT_OPEN':
      return messages.returnNotOpen[error.status];
    case 'TOO_MANY_UNPAID_ORDERS':
      return messages.tooManyUnpaidOrders(error.limit);
    case 'LINK_INVALID':
      return error.reason === 'expired' ? messages.linkExpired : error.reason === 'used' ? messages.linkUsed : messages.linkInvalid;
    case 'SKU_TAKEN':
      return messages.skuTaken(error.sku);
    case 'SLUG_TAKEN':
      return messages.slugTaken(error.slug);
    case 'CATEGORY_IN_USE':
      return error.children > 0 ? messages.categoryHasChildren : messages.categoryHasProducts(error.products);
    case 'IMPORT_REFUSED':
      return messages.importRefused(error.report.rowsWithProblems);
    case 'NO_COMPANY':
      return messages.noCompany;
    case 'ALREADY_IN_COMPANY':
      return messages.alreadyInCompany;
    case 'NOT_A_MANAGER':
      return messages.notAManager;
    case 'ALREADY_INVITED':
      return messages.alreadyInvited;
    case 'INVITATION_NOT_FOUND':
      return messages.invitationNotFound;
    case 'INVITATION_USED':
      return messages.invitationUsed;
    case 'INVITATION_FOR_ANOTHER_EMAIL':
      return messages.invitationForAnotherEmail;
    case 'LAST_MANAGER':
      return messages.lastManager;
    case 'TOO_MANY_ADDRESSES':
      return messages.tooManyAddresses(MAX_COMPANY_ADDRESSES);
    case 'TOO_MANY_MEMBERS':
      return messages.tooManyMembers(MAX_COMPANY_MEMBERS);
    case 'AWAITING_APPROVAL':
      return messages.awaitingApproval;
    case 'ORDER_NOT_AWAITING_APPROVAL':
      return messages.orderNotAwaitingApproval;
    case 'ORDER_REJECTED':
      return messages.orderRejected;
    case 'CANNOT_APPROVE_OWN_ORDER':
      return messages.cannotApproveOwnOrder;
  }
};

/** The per-field texts a form shows beside its inputs; refusals about one field name it. */
export const fieldsOf = (error: DomainError): Record<string, string> | undefined => {
  switch (error.code) {
    case 'VALIDATION_FAILED':
      return fieldTexts(error.fields);
    case 'EMAIL_TAKEN':
      return { email: messages.emailTaken };
    case 'INSUFFICIENT_STOCK':
      return error.fields ? fieldTexts(error.fields) : { quantity: messages.aboveStock };
    case 'SKU_TAKEN':
      return { sku: messages.skuTaken(error.sku) };
    case 'SLUG_TAKEN':
      return { slug: messages.slugTaken(error.slug) };
    case 'IMPORT_REFUSED':
      // Each problem under its cell, as a dotted path like a form field's: `rows.3.price`.
      return Object.fromEntries([
        ['file', messageOf(error)],
        ...error.report.errors.map((problem) => [`rows.${problem.row}.${problem.field}`, fieldProblemText(problem.problem)]),
      ]);
    default:
      return undefined;
  }
};

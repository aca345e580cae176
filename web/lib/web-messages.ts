/**
 * The web app's own texts (toasts, confirmations, client-side checks, progress hints), which no
 * server answer carries, and the server's sentence for a failure it does not explain;
 * `messages` (web/lib/messages.ts) joins them to the server's whole catalogue. Kept apart so a
 * page that reports failures and says only its own words does not load the server's 7 kB of
 * words (docs/storefront.md, "First-load JavaScript").
 */
import { serverError } from '#http/server-error-message.ts';

/** Quantities in sentences read with thousands separators: "1,000". */
const quantityText = (quantity: number): string => quantity.toLocaleString('en-US');

/** The web app's own texts: toasts, confirmations, client-side checks and progress hints. */
export const webMessages = {
  /** The server's sentence for a failure it does not explain, the fallback of every reported failure. */
  serverError,
  loginSuccess: 'Login successful',
  signUpSuccess: 'Account created successfully',
  signedOut: 'You have been signed out',
  orderPlaced: 'Your order was placed successfully',
  orderDeleted: 'Your order has been deleted',
  orderShipped: 'Order shipped',
  // After the sale (docs/orders.md, "After the sale: cancel, refund, return").
  orderCancelledRefunded: (refund: string) => `Order cancelled; the payment was refunded (credit note ${refund})`,
  refundRecorded: (refund: string) => `Refund recorded (credit note ${refund})`,
  paymentRefunded: 'Payment refunded',
  refundAmountUpTo: (max: string) => `Enter an amount from $0.01 to ${max}`,
  returnApproved: (number: string) => `Return ${number} approved`,
  returnRejected: (number: string) => `Return ${number} rejected`,
  returnReceived: (number: string, refund: string | null) => (refund === null ? `Return ${number} received` : `Return ${number} received and refunded (credit note ${refund})`),
  receiveNothing: 'Enter how many units arrived of at least one line',
  returnRequested: (number: string) => `Return ${number} requested. We will e-mail you our answer.`,
  returnNothingChosen: 'Enter how many units you send back of at least one line',
  refundNothingChosen: 'Enter a quantity for at least one line, or an amount',
  resetEmailSent: 'Password reset email sent. Check your inbox.',
  reviewThanks: 'Thanks for your review!',
  productAdded: 'Product added successfully',
  productUpdated: 'Product updated successfully',
  productDeleted: 'Product deleted',
  reviewRemoved: 'Review removed',
  profileUpdated: 'Profile updated successfully',
  paymentSucceeded: 'Congrats! Your payment was successful',
  transactionId: (id: string) => `Your transaction ID: ${id}`,
  madeAdmin: 'This user is now an admin',
  adminRemoved: 'This user is no longer an admin',
  userDeleted: 'User deleted',
  newsletterSubscribed: 'Thanks for subscribing! Watch your inbox for news and offers.',
  contactSent: 'Thanks! Your message has been sent. We will reply soon.',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDiffer: 'Passwords do not match',
  educationRequired: 'Please enter your education',
  reviewFailed: 'Could not add your review. Please try again.',
  productAddFailed: 'Could not add the product. Please try again.',
  productUpdateFailed: 'Could not update the product. Please try again.',
  priceFilterTyped: 'Enter a price in dollars, such as 12.50',
  profileUpdateFailed: 'Could not update your profile. Please try again.',
  makeAdminFailed: 'Could not make this user an admin',
  emailVerified: 'Your e-mail is verified. Thank you!',
  emailAlreadyVerified: 'Your e-mail is already verified.',
  verificationSent: 'We sent you a new verification e-mail. Check your inbox.',
  verifyReminder: 'Please verify your e-mail address: check your inbox for our link.',
  passwordChanged: 'Your password was changed. Please log in with the new one.',
  verifyingEmail: 'Checking your verification link',
  signInToResendVerification: 'Log in to get a new verification link.',
  resetEmailIntro: 'Enter the e-mail address of your account and we will send you a single-use link to choose a new password.',
  newPasswordIntro: 'Choose a new password for your account. Every other signed-in device will be signed out.',
  uploadingImage: 'Uploading your photo',
  savingProfile: 'Saving your profile',
  /** The pay page after the confirm call failed several times: the card went through, the order is not marked yet. */
  paymentConfirmFailed:
    'Your card payment went through, but we could not record it yet. Try again in a moment: you will not be charged again.',
  categoryAdded: 'Category added',
  categoryRenamed: 'Category renamed',
  categoryDeleted: 'Category deleted',
  importDone: (created: number, updated: number) => `Imported: ${quantityText(created)} new, ${quantityText(updated)} updated`,
  quoteRequested: 'Your request for a quote was sent. We will answer by e-mail.',
  quoteAnswered: 'The quote was sent to the buyer',
  quoteAccepted: 'Quote accepted: your order is placed, ready to pay',
  quoteDeclined: 'Quote declined',
} as const;

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';

// Stripe's own card box is an iframe from stripe.com: stand-ins for it and for a Stripe whose
// answer is a declined card, so what the form does with the answer can be checked.
const confirmCardPayment = vi.fn(() => Promise.resolve({ error: { message: messages.cardDeclined } }));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: () => Promise.resolve({}) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => children,
  CardElement: () => <div data-testid="stripe-card" />,
  useStripe: () => ({ confirmCardPayment }),
  useElements: () => ({ getElement: () => ({}) }),
}));

const { default: StripeCardForm } = await import('./stripe-card-form.tsx');

describe('the Stripe card form', () => {
  it('says a declined card under the card and moves the focus to it, never leaving it on <body>', async () => {
    const onPaid = vi.fn(() => Promise.resolve());
    render(<StripeCardForm publishableKey="pk_test_1" clientSecret="pi_1_secret_2" billing={{ name: 'Bea Buyer', email: 'bea@example.com' }} onPaid={onPaid} />);
    const user = userEvent.setup();
    const pay = screen.getByRole('button', { name: labels.payNow });
    await user.click(pay);
    const declined = await screen.findByRole('alert');
    expect(declined).toHaveTextContent(messages.cardDeclined);
    // Pay was disabled while Stripe answered (a browser then drops the focus): the message has it.
    expect(document.activeElement).toBe(declined);
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_2', { payment_method: { card: {}, billing_details: { name: 'Bea Buyer', email: 'bea@example.com' } } });
    expect(onPaid).not.toHaveBeenCalled();
  });
});

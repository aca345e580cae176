import { describe, expect, it } from 'vitest';
import { accountMail } from './account-emails.ts';

describe('account mails in words', () => {
  it('writes the verification mail: its subject, the link in the text and in the HTML', () => {
    const link = 'https://shop.example.com/verifyEmail?token=a&b';
    const mail = accountMail({ kind: 'verify-email', to: 'ada@example.com', link });
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Verify your e-mail for Bulkhead' });
    expect(mail.text).toContain(`Verify my e-mail: ${link}`);
    expect(mail.text).toContain('The link works for 7 days.');
    // The link is escaped in the HTML, as any text put there is.
    expect(mail.html).toContain('<a href="https://shop.example.com/verifyEmail?token=a&#38;b">Verify my e-mail</a>');
  });

  it('writes the password reset mail', () => {
    const mail = accountMail({ kind: 'password-reset', to: 'ada@example.com', link: 'https://shop.example.com/resetPassword?token=t' });
    expect(mail.subject).toBe('Reset your Bulkhead password');
    expect(mail.text).toContain('Choose a new password: https://shop.example.com/resetPassword?token=t');
    expect(mail.text).toContain('The link works once, for 1 hour.');
  });
});

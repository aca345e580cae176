import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP } from '../documents/pdf-order-documents.ts';
import { invitationMail } from './company-emails.tsx';

const site = { shop: DEFAULT_SHOP, appUrl: 'https://shop.example.com' };
const invitation = {
  to: 'jo@example.com',
  companyName: 'Acme <Builders>',
  inviterName: 'Mia "Boss" Manager',
  role: 'buyer' as const,
  link: 'https://shop.example.com/company/join?token=abc_DEF-123',
  expiresAt: new Date('2026-06-17T09:00:00Z'),
};

describe('the company invitation e-mail (docs/companies.md, "Companies and members")', () => {
  it('names the company, the inviter and the role, carries the join link and says how long it works', () => {
    const mail = invitationMail(invitation, site);
    expect(mail.to).toBe('jo@example.com');
    expect(mail.subject).toBe(`Mia "Boss" Manager invites you to buy for Acme <Builders> on ${DEFAULT_SHOP.name}`);
    expect(mail.text).toContain(invitation.link);
    expect(mail.text).toContain('as a buyer');
    expect(mail.text).toContain('until 2026-06-17');
    expect(mail.html).toContain(`href="${invitation.link}"`);
  });

  it('writes the names a user chose as text, never as markup', () => {
    const { html } = invitationMail(invitation, site);
    expect(html).not.toContain('<Builders>');
    expect(html).toContain('Acme &lt;Builders&gt;');
  });
});

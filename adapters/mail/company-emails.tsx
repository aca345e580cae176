import type { InvitationMail } from '#domain/companies/invitations.ts';
import type { Mail } from '#domain/mail/mailer.ts';
import { composeMail, type MailSite } from './mail-content.tsx';

/**
 * The company invitation (docs/companies.md, "Companies and members"), built like the other mails
 * (mail-content.tsx). It goes to an address nobody has proven yet, so the only words a user chose
 * are the company's and the inviter's names, as plain text: the link is always ours.
 */
export const invitationMail = (invitation: InvitationMail, site: MailSite): Mail =>
  composeMail(
    {
      to: invitation.to,
      subject: `${invitation.inviterName} invites you to buy for ${invitation.companyName} on ${site.shop.name}`,
      preview: `Join ${invitation.companyName} as a ${invitation.role}.`,
      blocks: [
        { kind: 'title', text: `Join ${invitation.companyName}` },
        {
          kind: 'paragraph',
          text: `${invitation.inviterName} invites you to order for ${invitation.companyName} on ${site.shop.name}, as a ${invitation.role}. Sign in (or create an account) with this e-mail address, then accept.`,
        },
        { kind: 'action', label: 'Accept the invitation', href: invitation.link },
        {
          kind: 'paragraph',
          text: `The link works once, until ${invitation.expiresAt.toISOString().slice(0, 10)}. If you do not know ${invitation.companyName}, ignore this message.`,
        },
      ],
    },
    site,
  );

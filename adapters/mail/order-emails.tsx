// The components one by one: the @react-email/components bundle also loads code highlighting,
// markdown and Tailwind, 22 MB more of every instance's memory for nothing these mails use.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { plainTextSelectors } from '@react-email/render';
import { compile } from 'html-to-text';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { countOf } from '#domain/catalog/units.ts';
import type { MailKind } from '#domain/mail/mail-outbox.ts';
import type { Mail } from '#domain/mail/mailer.ts';
import type { Order } from '#domain/ordering/order.ts';
import { formatCents } from '#domain/shared/money.ts';
import type { ShopDetails } from '#domain/shared/shop-details.ts';

/**
 * The order e-mails (README.md, "E-mail"): React components rendered to HTML, and the same
 * render turned into the plain-text part. Inline styles only, as mail clients want; tables for
 * the lines, since that is what every client lays out the same.
 */
export interface MailSite {
  shop: ShopDetails;
  /** The public origin links point at, without a trailing slash. */
  appUrl: string;
}

type OrderMailKind = Extract<MailKind, `order-${string}`>;

export const colors = { ink: '#111827', muted: '#4b5563', line: '#e5e7eb', brand: '#1d4ed8' };
export const cell = { padding: '6px 8px', borderBottom: `1px solid ${colors.line}`, fontSize: '14px', color: colors.ink, verticalAlign: 'top' } as const;
export const numeric = { ...cell, textAlign: 'right', whiteSpace: 'nowrap' } as const;

export const Layout = ({ preview, site, children }: { preview: string; site: MailSite; children: ReactNode }) => (
  <Html lang="en">
    <Head />
    <Preview>{preview}</Preview>
    <Body style={{ backgroundColor: '#f3f4f6', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' }}>
      <Container style={{ backgroundColor: '#ffffff', maxWidth: '600px', padding: '24px', borderRadius: '8px' }}>
        <Text style={{ fontSize: '18px', fontWeight: 700, color: colors.ink, margin: '0 0 16px' }}>{site.shop.name}</Text>
        {children}
        <Hr style={{ borderColor: colors.line, margin: '24px 0 12px' }} />
        <Text style={{ fontSize: '12px', color: colors.muted, margin: 0 }}>
          {site.shop.name} · {site.shop.addressLines.join(', ')} · {site.shop.email}
        </Text>
      </Container>
    </Body>
  </Html>
);

const Lines = ({ order }: { order: Order }) => (
  <Section>
    <table width="100%" cellPadding={0} cellSpacing={0} role="presentation" style={{ borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          <th style={{ ...cell, textAlign: 'left' }}>Item</th>
          <th style={numeric}>Quantity</th>
          <th style={numeric}>Unit price</th>
          <th style={numeric}>Total</th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line) => (
          <tr key={line.sku}>
            <td style={cell}>
              {line.productName}
              <br />
              <span style={{ color: colors.muted, fontSize: '12px' }}>SKU {line.sku}</span>
            </td>
            <td style={numeric}>{countOf(line.quantity, line.unit)}</td>
            <td style={numeric}>{formatCents(line.unitPriceCents)}</td>
            <td style={numeric}>{formatCents(line.lineTotalCents)}</td>
          </tr>
        ))}
        <tr>
          <td style={{ ...cell, fontWeight: 700 }} colSpan={3}>
            Order total
          </td>
          <td style={{ ...numeric, fontWeight: 700 }}>{formatCents(order.totalCents)}</td>
        </tr>
      </tbody>
    </table>
  </Section>
);

export const Facts = ({ facts }: { facts: [string, string | null][] }) => (
  <Section style={{ margin: '16px 0' }}>
    {facts.flatMap(([label, value]) =>
      value === null ? [] : [
        <Text key={label} style={{ fontSize: '14px', color: colors.ink, margin: '0 0 4px', whiteSpace: 'pre-line' }}>
          <strong>{label}:</strong> {value}
        </Text>,
      ],
    )}
  </Section>
);

export const Action = ({ href, children }: { href: string; children: string }) => (
  <Section style={{ margin: '20px 0' }}>
    <Button href={href} style={{ backgroundColor: colors.brand, color: '#ffffff', padding: '10px 18px', borderRadius: '6px', fontSize: '14px', fontWeight: 600 }}>
      {children}
    </Button>
  </Section>
);

const orderFacts = (order: Order): [string, string | null][] => [
  ['Order number', order.number],
  ['Your PO number', order.poNumber],
  ['Ship to', order.address],
  ['Phone', order.phone],
  ['Note', order.note],
];

/** Subject, preview line and body of each order e-mail. */
const content = (kind: OrderMailKind, order: Order, site: MailSite): { subject: string; preview: string; body: ReactNode } => {
  const ordersLink = `${site.appUrl}/dashboard`;
  switch (kind) {
    case 'order-placed':
      return {
        subject: `Order ${order.number} received: ${formatCents(order.totalCents)} to pay`,
        preview: `We hold your ${order.lines.length === 1 ? 'item' : `${order.lines.length} lines`} until you pay.`,
        body: (
          <>
            <Heading as="h1" style={{ fontSize: '22px', color: colors.ink }}>
              Thank you for your order
            </Heading>
            <Text style={{ fontSize: '14px', color: colors.ink }}>
              Hello {order.customerName}, we have reserved these items for you. Pay for the order to have it shipped.
            </Text>
            <Lines order={order} />
            <Facts facts={orderFacts(order)} />
            <Action href={`${site.appUrl}/dashboard/payment/${order.id}`}>{`Pay ${formatCents(order.totalCents)} now`}</Action>
          </>
        ),
      };
    case 'order-paid':
      return {
        subject: `Receipt for order ${order.number}`,
        preview: `We received ${formatCents(order.totalCents)}. Your order is being prepared.`,
        body: (
          <>
            <Heading as="h1" style={{ fontSize: '22px', color: colors.ink }}>
              Payment received
            </Heading>
            <Text style={{ fontSize: '14px', color: colors.ink }}>
              Hello {order.customerName}, thank you: we received your payment and are preparing the order for shipment.
            </Text>
            <Lines order={order} />
            <Facts
              facts={[
                ...orderFacts(order),
                ['Invoice number', order.invoiceNumber],
                ['Paid on', order.paidAt ? order.paidAt.toISOString().slice(0, 10) : null],
                ['Transaction', order.transactionId],
              ]}
            />
            <Action href={ordersLink}>See your orders and invoice</Action>
          </>
        ),
      };
    case 'order-shipped':
      return {
        subject: `Order ${order.number} has shipped`,
        preview: order.trackingNumber ? `Tracking number ${order.trackingNumber}` : 'Your order is on its way.',
        body: (
          <>
            <Heading as="h1" style={{ fontSize: '22px', color: colors.ink }}>
              Your order is on its way
            </Heading>
            <Text style={{ fontSize: '14px', color: colors.ink }}>Hello {order.customerName}, your order left our warehouse.</Text>
            <Facts facts={[['Carrier', order.carrier], ['Tracking number', order.trackingNumber], ...orderFacts(order)]} />
            <Lines order={order} />
            <Action href={ordersLink}>See your orders</Action>
          </>
        ),
      };
  }
};

/** What React Email's render() puts first, for the clients that look at it. */
export const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The plain-text part from the rendered HTML, as React Email's toPlainText reads it (its
 * selectors: no images, links as their text), with the lines table laid out as columns and the
 * shop's name not shouted. Compiled once: html-to-text's convert() compiles its selectors on every
 * call, most of the cost of a mail. The inline styles are dropped before it reads the HTML: they
 * change nothing in the text and were more than half of what it had to parse (React writes a
 * quote inside an attribute as &quot;, so the pattern cannot stop early).
 */
const INLINE_STYLE = / style="[^"]*"/g;
const htmlToText = compile({
  selectors: [...plainTextSelectors, { selector: 'table', format: 'dataTable', options: { maxColumnWidth: 40 } }, { selector: 'h1', options: { uppercase: false } }],
  wordwrap: 100,
});
export const toPlainText = (html: string): string => htmlToText(html.replace(INLINE_STYLE, ''));

/** The e-mail telling the buyer of `kind`, with an HTML and a plain-text part. */
export const orderMail = (kind: OrderMailKind, order: Order, site: MailSite): Mail => {
  const { subject, preview, body } = content(kind, order, site);
  const element = (
    <Layout preview={preview} site={site}>
      {body}
    </Layout>
  );
  // One synchronous render, and the text part from its HTML: React Email's own render() streams
  // and renders twice, several times the CPU, on the event loop that also answers requests.
  const html = `${DOCTYPE}${renderToStaticMarkup(element)}`;
  return { to: order.email, subject, html, text: toPlainText(html) };
};

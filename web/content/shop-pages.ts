/**
 * The shop's own pages behind the footer: how delivery works, the terms of an order and what
 * Bulkhead keeps about its users. Each says what the software actually does (docs/security.md, "Security"
 * and "Configuration"), so it stays true as long as they do.
 */
export interface ShopPage {
  title: string;
  summary: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export const SHOP_PAGES = {
  delivery: {
    title: 'Delivery',
    summary: 'How a paid order reaches your site.',
    sections: [
      {
        heading: 'When an order ships',
        paragraphs: [
          'An order ships once it is paid. Until then it waits in My Order with its units set aside for you; an order left unpaid for 48 hours expires and its units go back on the shelf.',
          'When we ship, the order reads "Order Shipped" in My Order.',
        ],
      },
      {
        heading: 'Where it goes',
        paragraphs: [
          'Every order carries the delivery address and phone number you gave when you placed it; they are filled in from your profile, and you can change them for each order. The driver calls that number if the site cannot be found.',
        ],
      },
      {
        heading: 'Quantities',
        paragraphs: ['We sell in bulk: every order is at least 100 units of a product (some parts more, or in whole packs; the product page says so).'],
      },
    ],
  },
  terms: {
    title: 'Terms of use',
    summary: 'What an order with Bulkhead means.',
    sections: [
      {
        heading: 'Orders and prices',
        paragraphs: [
          'Prices are in US dollars per unit, and volume prices apply from the quantities each product lists. The price of an order is fixed when it is placed, whatever the catalogue says later.',
          'Each account may hold up to five unpaid orders at a time, and ordering needs a verified e-mail address.',
        ],
      },
      {
        heading: 'Payment',
        paragraphs: [
          'Orders are paid by card through our payment provider; Bulkhead never sees or stores your card number. An order is paid once the provider confirms it.',
          'An unpaid order can be deleted by you; a paid order cannot. Should a payment reach us for an order that no longer exists, we refund it.',
        ],
      },
      {
        heading: 'Your account',
        paragraphs: ['Keep your password to yourself. Signing out, or resetting your password, ends your sessions on every device.'],
      },
    ],
  },
  privacy: {
    title: 'Privacy policy',
    summary: 'What we keep about you, why, and the one cookie we set.',
    sections: [
      {
        heading: 'What we keep',
        paragraphs: [
          'Your name and e-mail address, your password as a one-way hash (never the password itself), and the profile you choose to fill in: phone, address, photo, education and links.',
          'Your orders, with the product, quantity, price, phone and address of each; your reviews; and the messages you send us.',
        ],
      },
      {
        heading: 'Why',
        paragraphs: ['To deliver your orders, to answer your messages, and to send the e-mails you ask for: verifying your address and resetting your password. We do not sell or share your data, and there are no advertising or tracking scripts on this site.'],
      },
      {
        heading: 'Cookies',
        paragraphs: [
          'One cookie keeps you signed in; it is sent only to this site and scripts cannot read it. Signing in with Google sets a second one for a few minutes while you are away at Google. That is all.',
        ],
      },
      {
        heading: 'Leaving',
        paragraphs: ['Ask us through the contact form to delete your account. Paid orders stay in our books, as the law asks, without a way to sign in to them.'],
      },
    ],
  },
} as const satisfies Record<string, ShopPage>;

export type ShopPageName = keyof typeof SHOP_PAGES;
export const isShopPageName = (name: string): name is ShopPageName => Object.hasOwn(SHOP_PAGES, name);

/**
 * Who the shop is, as its papers name it (the invoice's seller block) and where mail for the
 * shop's people goes: the `SHOP_*` settings (README.md, "Configuration").
 */
export interface ShopDetails {
  name: string;
  /** The postal address, one entry per printed line. */
  addressLines: string[];
  /** VAT or tax number; null prints no tax line. */
  taxId: string | null;
  /** The shop's contact address, printed on invoices and in every e-mail's footer. */
  email: string;
  /**
   * Where the shop's notification e-mails (a quote requested, accepted, declined) go: SHOP_EMAIL
   * when it is set; null sends each to every admin's address (docs/email.md, "Notifications to the shop").
   */
  notifyTo: string | null;
}

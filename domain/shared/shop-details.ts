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
  /** The shop's contact address: printed on invoices, and where admins' notification e-mails go. */
  email: string;
}

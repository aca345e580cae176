/**
 * The day key of the SQL stores' sales roll-up (`sales_days`, `sales_day_products`): the UTC
 * calendar day, `2026-11-24`, as the triggers that keep it write it. The report asks for whole UTC
 * days (domain/admin/sales-report.ts), so [from, to) is the days from `from`'s to before `to`'s.
 */
export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

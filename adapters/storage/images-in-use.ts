/** The image columns the uploads sweep must respect, shared by the SQLite and PostgreSQL stores. */
export const IMAGE_COLUMNS = [
  ['products', 'image_url'],
  ['profiles', 'image_url'],
  ['reviews', 'image_url'],
  ['order_lines', 'product_image_url'],
] as const;

/** Bounds every IN list, well under SQLite's and PostgreSQL's parameter limits. */
export const IMAGE_URL_CHUNK = 500;

export const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
};

/**
 * Counts this process's writes that may change what the catalog shows (a product created, edited
 * or deleted, or its stock moved by an order): the SQLite and PostgreSQL stores' catalogVersion.
 */
export interface CatalogWrites {
  /** Counts one write and hands its result back. */
  changed<T>(result: T): T;
  count(): number;
}

export const createCatalogWrites = (): CatalogWrites => {
  let writes = 0;
  return {
    changed(result) {
      writes++;
      return result;
    },
    count: () => writes,
  };
};

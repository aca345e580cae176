// The layer arrows of ARCHITECTURE.md, in one place for both checkers (ESLint and
// check-boundaries.mjs). Test files may additionally import the test tools.
export const TEST_TOOLS = ['vitest', 'fast-check'];
/** Domain tests run against in-memory adapters (ARCHITECTURE.md); production domain code never does. */
export const DOMAIN_TESTS_MAY_IMPORT = /^adapters\/(storage\/memory|payments\/test)\//;
export const WEB_MAY_IMPORT_FROM_HTTP = ['http/dto.ts', 'http/schemas.ts'];

/**
 * Decides one import. `from` is the importing file, `target` the resolved repo path (e.g.
 * 'domain/store.ts') or null for a package / built-in named by `specifier`.
 * Returns a message when the arrow is forbidden, null when it is fine.
 */
export function forbiddenImport({ from, specifier, target, isTest }) {
  const layer = from.split('/')[0];
  if (layer === 'domain') {
    if (target === null) {
      if (isTest && TEST_TOOLS.includes(specifier)) return null;
      return `domain/ must stay framework-free: it may not import the package or built-in '${specifier}'`;
    }
    if (isTest && DOMAIN_TESTS_MAY_IMPORT.test(target)) return null;
    if (!target.startsWith('domain/')) return `domain/ may not import outside itself ('${specifier}' is ${target})`;
  }
  if (layer === 'adapters' && target !== null && /^(http|web)\//.test(target)) {
    return `adapters/ may not import http/ or web/ ('${specifier}')`;
  }
  if (layer === 'web' && target !== null) {
    if (target.startsWith('http/') && !WEB_MAY_IMPORT_FROM_HTTP.includes(target)) {
      return `web/ may import from http/ only ${WEB_MAY_IMPORT_FROM_HTTP.join(' and ')} ('${specifier}')`;
    }
    if (target.startsWith('adapters/')) return `web/ may not import adapters/ ('${specifier}')`;
  }
  if (layer === 'http' && target !== null && target.startsWith('web/')) return `http/ may not import web/ ('${specifier}')`;
  return null;
}

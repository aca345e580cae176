// The layer arrows (README.md, "How it is built"), in one place for both checkers: ESLint's `layers/imports`
// rule (eslint.config.js) and check-boundaries.mjs. Test files may additionally import the test tools.
import { dirname, join, normalize } from 'node:path';

export const TEST_TOOLS = ['vitest', 'fast-check'];
/** Domain tests run against in-memory adapters (README.md, "How it is built"); production domain code never does. */
export const DOMAIN_TESTS_MAY_IMPORT = /^adapters\/(storage\/memory|payments\/test)\//;
/** What the web app shares with the server: the DTOs, the request schemas, and the words users read (the catalogue, its failure sentence alone, and the cart as worded). */
export const WEB_MAY_IMPORT_FROM_HTTP = ['http/dto.ts', 'http/schemas.ts', 'http/messages.ts', 'http/server-error-message.ts', 'http/cart-dto.ts'];
/** The composition root, and the tests' own composition: every other http/ file sees ports only. */
export const HTTP_MAY_IMPORT_ADAPTERS = ['http/server.ts', 'http/test-support.ts'];

/**
 * The gathered ports: a use case names the repository methods and services it uses in its own
 * `<UseCase>Ports` (domain/README.md, "Use cases") instead of taking all of them, so only these
 * files themselves, the domain tests and their in-memory world may import them.
 */
export const GATHERED_PORTS = ['domain/store.ts', 'domain/ports.ts'];
const MAY_IMPORT_GATHERED_PORTS = [...GATHERED_PORTS, 'domain/testing/world.ts'];

/** 'orders' for 'web/features/orders/my-orders-page.tsx'; null outside web/features. */
const webFeatureOf = (path) => /^web\/features\/([^/]+)\//.exec(path)?.[1] ?? null;

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
    if (GATHERED_PORTS.includes(target) && !isTest && !MAY_IMPORT_GATHERED_PORTS.includes(from)) {
      return `a use case declares the ports it uses (<UseCase>Ports, domain/README.md "Use cases"), not the whole ${target} ('${specifier}')`;
    }
  }
  if (layer === 'adapters' && target !== null && /^(http|web)\//.test(target)) {
    return `adapters/ may not import http/ or web/ ('${specifier}')`;
  }
  if (layer === 'web' && target !== null) {
    if (target.startsWith('http/') && !WEB_MAY_IMPORT_FROM_HTTP.includes(target)) {
      return `web/ may import from http/ only ${WEB_MAY_IMPORT_FROM_HTTP.join(' and ')} ('${specifier}')`;
    }
    if (target.startsWith('adapters/')) return `web/ may not import adapters/ ('${specifier}')`;
    const feature = webFeatureOf(from);
    const targetFeature = webFeatureOf(target);
    // Features stand alone (web/README.md): what two of them share lives in web/components or web/lib.
    if (targetFeature !== null && feature !== null && feature !== targetFeature) {
      return `web/features/${feature} may not import another feature ('${specifier}' is in web/features/${targetFeature}): move the shared piece to web/components/ or web/lib/`;
    }
    if (targetFeature !== null && /^web\/(components|lib)\//.test(from)) {
      return `web/components and web/lib are shared by the features and may not import one ('${specifier}')`;
    }
  }
  if (layer === 'http' && target !== null && target.startsWith('web/')) return `http/ may not import web/ ('${specifier}')`;
  if (layer === 'http' && target !== null && target.startsWith('adapters/') && !isTest && !HTTP_MAY_IMPORT_ADAPTERS.includes(from)) {
    return `http/ reaches adapters only through the ports composition hands it; only ${HTTP_MAY_IMPORT_ADAPTERS.join(' and ')} import adapters/ ('${specifier}')`;
  }
  return null;
}

const ALIASES = { '#domain/': 'domain/', '#adapters/': 'adapters/', '#http/': 'http/' };

/** Repo-relative path of a local import from the repo-relative `file`, or null for packages and built-ins. */
export const resolveTarget = (file, specifier) => {
  for (const [alias, folder] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) return folder + specifier.slice(alias.length);
  }
  if (specifier.startsWith('#')) return specifier; // an unknown alias is never inside a layer
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    return normalize(join(dirname(file), specifier)).split('\\').join('/');
  }
  return null;
};

/** Tests, contract suites and test support may use the test tools. */
export const isTestFile = (file) => /\.(test|spec|contract)\.[tj]sx?$/.test(file) || file.includes('/test/');

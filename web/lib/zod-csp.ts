/**
 * zod compiles object parsers with `new Function` unless told not to, and the server's CSP has no
 * 'unsafe-eval', so every form page logged a CSP violation (Lighthouse counts it against best
 * practices). This turns that off for every schema built afterwards; a form check costs a few
 * microseconds more. main.tsx imports it first, before any chunk that builds schemas.
 *
 * zod keeps its settings on this global precisely so that all copies of zod in a page share them
 * (zod/v4/core/core.js). Writing it directly instead of calling `config()` from 'zod/v4/core' keeps
 * zod out of the first page's bundle: that import alone moved 4 kB of zod into it. zod-csp.test.ts
 * fails if a zod upgrade stops reading it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// Mutated in place: a zod already loaded holds a reference to this very object.
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

// A module (imported for its effect), not a global script.
export {};

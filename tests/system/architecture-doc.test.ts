/**
 * docs/architecture.md walks one order through the code by file and by name: every file path and
 * every function or other identifier it names in backticks must still exist, so the map cannot
 * quietly go stale when code is renamed, moved or removed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/server.ts';

const DOC = 'docs/architecture.md';
/** Not the project's own code: installed, generated or written by runs. */
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'build', 'data', 'coverage', '.test-results', '.test-data', '.vite', '.tanstack', '.bench']);
const CODE = /\.(ts|tsx|mjs|js)$/;

/** Repo-relative paths of the project's files. */
const filesUnder = (dir = ''): string[] =>
  readdirSync(join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });

/** Source without its comments, so a name that survives only in a comment does not count as existing. */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

interface Repository {
  files: readonly string[];
  /** The application's code (tests left out) with comments removed, by file: the identifiers that exist. */
  code: ReadonlyMap<string, string>;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*(\(\))?$/;
const PATH = /^[\w.$/-]+\.(ts|tsx|mjs|js|json|md)$/;
const identifiersIn = (code: string) => new Set(code.match(/[A-Za-z_$][\w$]*/g));
const partsOf = (name: string) => name.replace(/\(\)$/, '').split('.');

/**
 * What a document names in backticks that is not in the repository: paths (a name with a file
 * extension; a bare file name such as `order-rules.ts` may be anywhere) and identifiers
 * (`placeOrder`, `request()`, `store.orders.placeReservingStock`, each part). A name said to be
 * "in", "from" or "of" a file (`usePlaceOrder` in `web/lib/place-order.ts`) must be in that file.
 * Anything else in backticks (a route, a header, a JSON shape) is prose.
 */
const missingNames = (doc: string, repository: Repository): string[] => {
  const baseNames = new Set(repository.files.map((file) => file.split('/').at(-1)));
  const files = new Set(repository.files);
  const everywhere = identifiersIn([...repository.code.values()].join('\n'));
  const missing = new Set<string>();
  for (const [, name = ''] of doc.matchAll(/`([^`\n]+)`/g)) {
    if (PATH.test(name)) {
      if (!(name.includes('/') ? files.has(name) : baseNames.has(name))) missing.add(name);
    } else if (IDENTIFIER.test(name)) {
      if (!partsOf(name).every((part) => everywhere.has(part))) missing.add(name);
    }
  }
  for (const [, name = '', file = ''] of doc.matchAll(/`([^`\n]+)`\s+(?:in|from|of)\s+`([^`\n]+)`/g)) {
    if (!IDENTIFIER.test(name) || !PATH.test(file) || !files.has(file)) continue;
    if (!identifiersIn(repository.code.get(file) ?? '').has(partsOf(name).at(-1)!)) missing.add(`${name} in ${file}`);
  }
  return [...missing];
};

const repository = (): Repository => {
  const files = filesUnder();
  const code = new Map(
    files
      .filter((file) => CODE.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('tests/') && file !== 'web/routeTree.gen.ts')
      .map((file) => [file, withoutComments(readFileSync(join(repoRoot, file), 'utf8'))]),
  );
  return { files, code };
};

describe('docs/architecture.md', () => {
  const repo = repository();

  it('names only files and identifiers that exist', () => {
    const doc = readFileSync(join(repoRoot, DOC), 'utf8');
    // The walk names a few dozen of each: an empty match would mean the check reads nothing.
    expect(doc.match(/`[^`\n]+\.tsx?`/g)?.length).toBeGreaterThan(20);
    expect(missingNames(doc, repo)).toEqual([]);
  });

  it('counts the hops and files it walks through as it says', () => {
    const doc = readFileSync(join(repoRoot, DOC), 'utf8');
    const walk = doc.slice(doc.indexOf('## The walk'), doc.indexOf('## Count'));
    const [, hops, files] = /\*\*(\d+) hops, (\d+) files named\*\*/.exec(doc) ?? [];
    expect(walk.match(/^\d+\. \*\*/gm)?.length).toBe(Number(hops));
    expect(doc.match(/^\| \d+ \|/gm)?.length).toBe(Number(hops));
    // The files are the code paths named in the walk (this test, named in its introduction, is not one).
    const named = new Set([...walk.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!).filter((name) => PATH.test(name) && name.includes('/') && !name.startsWith('tests/')));
    expect(named.size).toBe(Number(files));
  });

  it('flags a path, a bare file name and an identifier that are gone, one left only in a comment, and a name in the wrong file', () => {
    const doc = [
      'Known: `domain/ordering/place-order.ts`, `order-rules.ts`, `placeOrder`, `request()`, `store.orders.placeReservingStock`, `/api/orders`.',
      'In place: `usePlaceOrder` in `web/lib/place-order.ts`, `request()` in `web/lib/api.ts`.',
      'Gone: `web/features/products/gone.ts`, `gone-file.tsx`, `checkOrderRequestGone()`, `store.orders.reserveGone`.',
      'Moved: `usePlaceOrder` in `web/features/products/api.ts`.',
    ].join('\n');
    const code = new Map(repo.code).set('web/lib/old.ts', withoutComments('// checkOrderRequestGone() was here\n/* and store.orders.reserveGone */'));
    expect(missingNames(doc, { ...repo, code })).toEqual([
      'web/features/products/gone.ts',
      'gone-file.tsx',
      'checkOrderRequestGone()',
      'store.orders.reserveGone',
      'usePlaceOrder in web/features/products/api.ts',
    ]);
  });
});

#!/usr/bin/env node
// Dependency-free second check of the layer arrows (ESLint's `layers/imports` rule is the first):
// reads every import specifier in domain/, adapters/, http/ and web/, resolves it to a repo path
// and applies scripts/layer-rules.mjs. It also walks domain/'s own imports (type-only ones
// included) for cycles (domain/README.md, "No import cycles"). Exits 1 listing every violation
// and every cycle.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findImportCycles } from './import-cycles.mjs';
import { forbiddenImport, isTestFile, resolveTarget } from './layer-rules.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const LAYERS = ['domain', 'adapters', 'http', 'web'];
const SKIP = new Set(['node_modules', 'dist', 'public']);
const SOURCE = /\.(ts|tsx|mts|js|mjs|jsx)$/;
const GENERATED = /routeTree\.gen\.ts$/;

const walk = (dir) =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) return [];
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return walk(path);
    return SOURCE.test(entry.name) && !GENERATED.test(entry.name) ? [path] : [];
  });

// Static imports and re-exports (type-only included), side-effect imports, dynamic imports.
const SPECIFIER_PATTERNS = [
  /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bvi\.mock\(\s*['"]([^'"]+)['"]/g,
];

const stripComments = (source) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

export const specifiersOf = (source) => {
  const code = stripComments(source);
  return SPECIFIER_PATTERNS.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]));
};

const violations = [];
/** domain/'s import graph: each domain file and the domain files it imports. */
const domainImports = new Map();
let checked = 0;
for (const layer of LAYERS) {
  let files = [];
  try {
    files = walk(layer);
  } catch {
    continue; // a layer that does not exist yet has nothing to check
  }
  for (const file of files) {
    checked += 1;
    const isTest = isTestFile(file);
    const targets = [];
    for (const specifier of specifiersOf(readFileSync(join(root, file), 'utf8'))) {
      const target = resolveTarget(file, specifier);
      const problem = forbiddenImport({ from: file, specifier, target, isTest });
      if (problem) violations.push(`${file}: ${problem}`);
      if (target !== null) targets.push(target);
    }
    if (layer === 'domain') domainImports.set(file, targets.filter((target) => target.startsWith('domain/')));
  }
}

const cycles = findImportCycles(domainImports);
if (violations.length > 0) {
  console.error(`Layer boundaries: ${violations.length} forbidden import(s):\n${violations.map((v) => `  ${v}`).join('\n')}`);
}
if (cycles.length > 0) {
  // One concrete cycle to cut, then every file of its tangle (cutting one import may leave another cycle among them).
  const described = cycles.map(({ files, cycle }) => `  ${cycle.join(' -> ')}\n    (${files.length} files import each other: ${files.join(', ')})`);
  console.error(`Import cycles in domain/: ${cycles.length}:\n${described.join('\n')}`);
}
if (violations.length > 0 || cycles.length > 0) process.exit(1);
console.log(`Layer boundaries: ${checked} files checked, no forbidden imports, no import cycle in domain/.`);

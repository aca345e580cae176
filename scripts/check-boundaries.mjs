#!/usr/bin/env node
// Dependency-free second check of the layer arrows (ESLint's `layers/imports` rule is the first):
// reads every import specifier in domain/, adapters/, http/ and web/, resolves it to a repo path
// and applies scripts/layer-rules.mjs. Exits 1 listing every violation.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
    for (const specifier of specifiersOf(readFileSync(join(root, file), 'utf8'))) {
      const problem = forbiddenImport({ from: file, specifier, target: resolveTarget(file, specifier), isTest });
      if (problem) violations.push(`${file}: ${problem}`);
    }
  }
}

if (violations.length > 0) {
  console.error(`Layer boundaries: ${violations.length} forbidden import(s):\n${violations.map((v) => `  ${v}`).join('\n')}`);
  process.exit(1);
}
console.log(`Layer boundaries: ${checked} files checked, no forbidden imports.`);

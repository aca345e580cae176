// ESLint's side of the layer arrows: one rule, `layers/imports`, that resolves each import
// (static, type-only, re-export, dynamic) and asks scripts/layer-rules.mjs, the same rules
// check-boundaries.mjs applies without ESLint.
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forbiddenImport, isTestFile, resolveTarget } from './layer-rules.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

const imports = {
  meta: { type: 'problem', docs: { description: 'Imports must follow the layer arrows of scripts/layer-rules.mjs' }, schema: [] },
  create(context) {
    const file = relative(root, context.filename).split('\\').join('/');
    const isTest = isTestFile(file);
    const check = (source) => {
      if (!source || typeof source.value !== 'string') return;
      const problem = forbiddenImport({ from: file, specifier: source.value, target: resolveTarget(file, source.value), isTest });
      if (problem) context.report({ node: source, message: problem });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source.type === 'Literal' ? node.source : null),
    };
  },
};

export default { rules: { imports } };

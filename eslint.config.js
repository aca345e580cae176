// Flat config: typescript-eslint's recommended rules everywhere, React hooks rules in web/, and the
// layer arrows of ARCHITECTURE.md as no-restricted-imports (type-only imports included; the base
// rule reports those too). scripts/check-boundaries.mjs checks the same arrows without ESLint.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const restrict = (...patterns) => ['error', { patterns }];

// A relative or aliased path into a layer folder, e.g. '../../http/app.ts' or '#http/app.ts'.
const into = (folder) => `^(?:#${folder}/|(?:\\.\\.?/)+(?:\\.\\./)*${folder}(?:/|$))`;

const domainRules = restrict(
  { regex: '^(?!\\.{1,2}/|#domain/)', message: 'domain/ is framework-free: no npm packages, no node: built-ins.' },
  { regex: into('adapters'), message: 'domain/ may not import adapters/ (pass ports in instead).' },
  { regex: into('http'), message: 'domain/ may not import http/.' },
  { regex: into('web'), message: 'domain/ may not import web/.' },
);

export default tseslint.config(
  { ignores: ['dist/**', 'build/**', 'node_modules/**', 'web/routeTree.gen.ts', 'coverage/**', '.test-results/**', 'data/**', '.bench/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['domain/**/*.{ts,tsx}'],
    ignores: ['domain/**/*.test.ts'],
    rules: { 'no-restricted-imports': domainRules },
  },
  {
    // Domain tests may use the test tools and the in-memory adapters, never http/ or web/.
    files: ['domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(
        { regex: '^(?!\\.{1,2}/|#domain/|#adapters/storage/memory/|#adapters/payments/test/|vitest$|fast-check$)', message: 'Domain tests may import only the domain, vitest, fast-check and in-memory adapters.' },
        { regex: into('http'), message: 'domain/ may not import http/.' },
        { regex: into('web'), message: 'domain/ may not import web/.' },
      ),
    },
  },
  {
    files: ['adapters/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(
        { regex: into('http'), message: 'adapters/ may not import http/ (the HTTP layer depends on adapters, not the reverse).' },
        { regex: into('web'), message: 'adapters/ may not import web/.' },
      ),
    },
  },
  {
    files: ['http/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict({ regex: into('web'), message: 'http/ may not import web/.' }) },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict(
        {
          regex: '^(?:#http/|(?:\\.\\./)+http/)(?!(?:dto|schemas)\\.ts$)',
          message: 'web/ may import from http/ only dto.ts and schemas.ts.',
        },
        { regex: into('adapters'), message: 'web/ may not import adapters/.' },
      ),
    },
  },
);

// Flat config: typescript-eslint's recommended rules everywhere, React hooks rules in web/, and the
// layer arrows of scripts/layer-rules.mjs (the one file that states them; check-boundaries.mjs
// applies the same rules without ESLint) as the `layers/imports` rule.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import layers from './scripts/eslint-layer-plugin.mjs';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'build/**', 'node_modules/**', 'web/routeTree.gen.ts', 'coverage/**', '.test-results/**', 'data/**', '.bench/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['{domain,adapters,http,web}/**/*.{ts,tsx,mts,js,mjs,jsx}'],
    plugins: { layers },
    rules: { 'layers/imports': 'error' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);

// Lint: ESLint's and typescript-eslint's recommended rules, React hooks rules, and the house import boundaries
// (scripts/lint/boundaries.mjs). Formatting is Prettier's job (prettier.config.mjs), so no stylistic rules here.
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'
import { foyerLintPlugin } from './scripts/lint/boundaries.mjs'

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'examples/*/dist/**',
      'server/dist/**',
      'node_modules/**',
      '**/.next/**',
      '.foyer/**',
      'coverage/**',
      'bench/results/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts,mjs,cjs,js,jsx}'],
    plugins: { foyer: foyerLintPlugin, 'react-hooks': reactHooks },
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      'foyer/boundaries': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Unused names prefixed with _ are deliberate (ignored inputs, destructured-away fields).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'none',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
      // Declaration merging of the kernel's type maps needs empty interfaces and `declare module` namespaces.
      '@typescript-eslint/no-empty-object-type': 'off',
      '@typescript-eslint/no-namespace': 'off',
      // Provider and SDK edges are typed loosely on purpose; `any` stays visible in review rather than banned.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.{mjs,js}', 'scripts/**', 'bench/**', 'server/**', 'tests/**'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
)

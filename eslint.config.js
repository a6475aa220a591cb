// One flat config for the whole tree: typescript-eslint everywhere, react-hooks on the web app, and the
// import rules that keep the shape of the code (scripts/lint/architecture.js, decision 039).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { architecture } from './scripts/lint/architecture.js'

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'data/**', 'apps/server/drizzle/**', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The API's error codes are declared once in the contract (error-codes.ts): the web app compares
    // against those constants, so a code renamed there cannot leave a comparison here silently false.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "BinaryExpression[operator=/^[!=]==?$/]:matches([left.property.name='code'][right.type='Literal'], [right.property.name='code'][left.type='Literal'])",
          message:
            'Compare error codes with the constants of @clubhouse/contract/constants (error-codes.ts).',
        },
        {
          selector: "SwitchStatement[discriminant.property.name='code'] > SwitchCase > Literal.test",
          message:
            'Compare error codes with the constants of @clubhouse/contract/constants (error-codes.ts).',
        },
      ],
    },
  },
  ...architecture(import.meta.dirname),
)

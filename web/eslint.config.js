import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Every folder of src/features is one feature.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/**
 * The layering (see README.md), outermost first: app → features → shared (shared/ and components/)
 * → lib. A layer imports only the layers after it: app composes features; a feature imports shared/,
 * components/, lib/ and its own folder, never another feature; shared/ and components/ import no
 * feature; lib/ imports no feature and no shared code. The one exception is src/app/paths.ts
 * (every route path once, importing nothing from src), which every layer links with.
 */
const appExceptPaths = { from: './src/app', except: ['./paths.ts'] }
const layering = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move the shared part to shared/ or components/, or compose both in app/routes.',
  })),
  {
    target: ['./src/features', './src/shared', './src/components', './src/lib'],
    ...appExceptPaths,
    message: 'Only app/ imports app/ (except app/paths.ts).',
  },
  {
    target: ['./src/shared', './src/components', './src/lib'],
    from: './src/features',
    message: 'shared/, components/ and lib/ are shared by the features: they import no feature.',
  },
  {
    target: './src/lib',
    from: './src/shared',
    message: 'lib/ is the API core, the session and app-agnostic helpers: it imports no shared/ (domain) code.',
  },
  {
    target: './src/lib',
    from: './src/components',
    except: ['./ui'],
    message: 'lib/ imports no component but the ui/ primitives (the toast store).',
  },
]

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/lib/api-types.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      ...tseslint.configs.recommended,
      reactHooks.configs.flat.recommended,
      jsxA11y.flatConfigs.recommended,
      importX.flatConfigs.recommended,
      importX.flatConfigs.typescript,
    ],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.app.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layering }],
      'import-x/no-cycle': 'error',
      'import-x/no-useless-path-segments': 'error',
      // `role` is also a plain prop name of our components (e.g. AgentContact's "Listed by").
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The TypeScript compiler checks these.
      'import-x/named': 'off',
      'import-x/namespace': 'off',
      'import-x/default': 'off',
      'import-x/no-named-as-default-member': 'off',
    },
  },
  {
    files: ['vite.config.ts', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.node.json' })],
    },
  },
  prettier,
)

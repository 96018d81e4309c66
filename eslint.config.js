import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

// Features never import each other (ARCHITECTURE §2): one zone per feature forbids the other features' folders.
const FEATURES_DIR = 'apps/web/src/features';
const features = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  target: `./${FEATURES_DIR}/${feature}`,
  from: `./${FEATURES_DIR}`,
  except: [`./${feature}`],
  message: 'Features never import each other; move shared code to components/, lib/ or @planpiso/domain.',
}));

// The API's layers (decision 078): domain → db/platform/adapters (+ the job runner and the two job definitions the
// modules queue) → modules → jobs/seed/cli → app. A module is used by the others only through its index.ts; the
// floors below modules import no module, no seed, no job but the runner, no app file and no simulator.
const API_DIR = 'apps/api/src';
const MODULES_DIR = `${API_DIR}/modules`;
const apiModules = readdirSync(MODULES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleIndexes = (except) => apiModules.filter((name) => name !== except).map((name) => `./${name}/index.ts`);
const MODULE_INDEX_MESSAGE =
  "Use another module only through its index.ts (decision 078): export what you need there and import '../<module>'.";
// The runner is three files: the runner, how pg-boss reaches the database, and the queues' counts for the metrics.
const RUNNER_FILES = ['runner', 'pg-boss-db', 'queue-counts'];
const JOBS_BELOW_MODULES = [...RUNNER_FILES, 'send-mail', 'password-reset-code'].map(
  (name) => `./${API_DIR}/jobs/${name}.ts`,
);
const apiZones = [
  {
    target: `./${MODULES_DIR}`,
    from: `./${API_DIR}/jobs`,
    except: [...RUNNER_FILES, 'send-mail', 'password-reset-code'].map((name) => `./${name}.ts`),
    message:
      'A module queues work through the runner (jobs/runner.ts and its files), send-mail.ts or password-reset-code.ts only; the other jobs call modules (decision 078).',
  },
  ...apiModules.map((name) => ({
    target: `./${MODULES_DIR}/${name}`,
    from: `./${MODULES_DIR}`,
    except: [`./${name}`, ...moduleIndexes(name)],
    message: MODULE_INDEX_MESSAGE,
  })),
  {
    target: [`./${API_DIR}/jobs`, `./${API_DIR}/seed`, `./${API_DIR}/cli`],
    from: `./${MODULES_DIR}`,
    except: moduleIndexes(null),
    message: MODULE_INDEX_MESSAGE,
  },
  ...[
    { from: [`./${MODULES_DIR}`, `./${API_DIR}/seed`, `./${API_DIR}/cli`, './apps/simulators'] },
    { from: `./${API_DIR}/jobs`, except: RUNNER_FILES.map((name) => `./${name}.ts`) },
    { from: `./${API_DIR}/*.ts` },
  ].map((zone) => ({
    target: [`./${API_DIR}/platform`, `./${API_DIR}/db`, `./${API_DIR}/adapters`, ...JOBS_BELOW_MODULES],
    ...zone,
    message:
      'platform, db and adapters sit below the modules (decision 078): they import no module, seed, job (but the runner), app file or simulator.',
  })),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/api/drizzle/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-restricted-paths': ['error', { zones: featureZones }],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: apiZones }] },
  },
  {
    // One way to open a transaction (decision 017): transaction() runs the after-commit work and marks the
    // transaction open so that mail and other calls to the outside refuse to run in it.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/platform/transaction.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='transaction']",
          message:
            'Open transactions with transaction() from apps/api/src/platform/transaction.ts, never db.transaction(): afterCommit and the no-mail-inside guard only work there.',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
  },
);

// One flat config for every workspace: type-aware TypeScript rules, React hooks rules for web/,
// and the shape of the house (lambdas/README.md, "Arrows"): which folder may import which,
// no import cycles, kebab-case file names.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const foldersOf = (dir) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const WEB_FEATURES = 'web/src/features';
const MOCK_SRC = 'mock-server/src';
/** The mock server's folders with one entry (index.ts): cognito/, provision/. */
const MOCK_ENTRY_FOLDERS = foldersOf(MOCK_SRC).filter((folder) =>
  readdirSync(join(root, MOCK_SRC, folder)).includes('index.ts'),
);

/**
 * The rooms of lambdas/src (lambdas/README.md): every folder is a feature area but for the shared
 * core and the runtime's folders, which compose the areas (adapters, the router, the wiring, the
 * Lambda entries, the jobs, the test kits that compose several areas).
 */
const SRC = 'lambdas/src';
const RUNTIME = [
  'flows',
  'adapters',
  'http',
  'wiring',
  'handlers',
  'jobs',
  'entries',
  'testing',
].map((folder) => `${SRC}/${folder}`);
const AREAS = foldersOf(SRC)
  .filter((folder) => folder !== 'core' && !RUNTIME.includes(`${SRC}/${folder}`))
  .map((folder) => `${SRC}/${folder}`);

/**
 * Which folder may import which. Tests keep every rule but one: a test may drive a core with the
 * runtime's real pieces (a hash chain adapter, the router, a kit of journaled writes).
 */
const zonesFor = ({ tests }) => [
  ...AREAS.map((area) => ({
    target: area,
    from: AREAS.filter((other) => other !== area),
    message: 'An area never imports another area: share through core/, or join them in a flow.',
  })),
  ...(tests
    ? []
    : [
        {
          target: [...AREAS, `${SRC}/core`],
          from: RUNTIME,
          message: 'Cores know nothing of HTTP or AWS: the runtime hands them their ports.',
        },
      ]),
  {
    target: `${SRC}/core`,
    from: AREAS,
    message: 'core/ is below the areas and knows none of them.',
  },
  // The web's features too: shared pieces live in web/src/components and web/src/lib.
  ...foldersOf(WEB_FEATURES).map((feature) => ({
    target: `${WEB_FEATURES}/${feature}`,
    from: WEB_FEATURES,
    except: [`./${feature}`],
    message: "The web's features never import each other; share through components/ or lib/.",
  })),
  // The mock server's folders with an entry are used through it alone: from the files beside
  // them, the scripts and the other folders (a test may reach in to test what it hides).
  ...(tests
    ? []
    : MOCK_ENTRY_FOLDERS.map((folder) => ({
        target: [
          `${MOCK_SRC}/*.{ts,mts,mjs}`,
          'mock-server/scripts',
          ...foldersOf(MOCK_SRC)
            .filter((other) => other !== folder)
            .map((other) => `${MOCK_SRC}/${other}`),
        ],
        from: `${MOCK_SRC}/${folder}`,
        except: ['./index.ts'],
        message: `Import ${folder}/ through its entry, ${folder}/index.ts.`,
      }))),
  {
    target: 'lambdas/contract',
    from: ['lambdas/src', 'lambdas/formats', 'web', 'mock-server', 'infra', 'tests'],
    message: 'The contract depends on zod alone.',
  },
  {
    target: 'lambdas/formats',
    from: ['lambdas/src', 'web', 'mock-server', 'infra', 'tests'],
    message: 'The formats depend on their libraries and the contract alone.',
  },
];

/**
 * Another workspace's code comes through its package name and named entry points (its
 * package.json "exports"), never by a relative path into its folder.
 */
const noReachingIn = {
  regex: '^(\\.\\./)+(lambdas|web|mock-server|infra|tests)/',
  message:
    'Import another workspace by its package name (@ccsc/contract, @ccsc/formats/<entry>, @ccsc/lambdas/<entry>).',
};

/** Packages outside a workspace's own: what each may import of the others. */
const onlyTheContract = {
  group: [
    '@ccsc/lambdas',
    '@ccsc/lambdas/*',
    '@ccsc/mock-server',
    '@ccsc/mock-server/*',
    '@ccsc/infra',
    '@ccsc/infra/*',
    '@ccsc/tests',
    '@ccsc/tests/*',
  ],
  message:
    'The web app imports only the contract (@ccsc/contract) and the formats (@ccsc/formats) of the other workspaces.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/cdk.out/**',
      '.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      // openapi-typescript's output, unedited (tests/partner-client/generate.ts).
      'mock-server/src/partner-systems/partner-api.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: [
            'tsconfig.base.json',
            '*/tsconfig.json',
            'lambdas/contract/tsconfig.json',
            'lambdas/formats/tsconfig.json',
          ].map((p) => join(root, p)),
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: zonesFor({ tests: false }) },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,mts,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: zonesFor({ tests: true }) },
      ],
    },
  },
  {
    files: ['lambdas/contract/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^(?!zod$|\\.)', message: 'The contract depends on zod alone.' }],
        },
      ],
    },
  },
  {
    // The formats: csv-parse (#csv-parse picks its Node or browser build), csv-stringify, and the
    // contract's formula rule; nothing that would weigh on the browser or the Lambdas.
    files: ['lambdas/formats/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!#csv-parse$|csv-stringify/sync$|@ccsc/contract/spreadsheet-cells$|\\.)',
              message: 'The formats depend on their libraries and the contract alone.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx,mjs}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [onlyTheContract, noReachingIn] }] },
  },
  {
    files: [
      'lambdas/**/*.{ts,mts,mjs}',
      'mock-server/**/*.{ts,mts,mjs}',
      'infra/**/*.ts',
      'tests/**/*.ts',
    ],
    ignores: ['lambdas/contract/src/**', 'lambdas/formats/src/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noReachingIn] }] },
  },
  {
    // A Lambda bundle holds what its function imports: the contract's index brings every route
    // of both APIs (and their schemas) into every bundle, its named entry points only their own.
    files: ['lambdas/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [noReachingIn],
          paths: [
            {
              name: '@ccsc/contract',
              allowTypeImports: true,
              message:
                "Import the contract's named entry point (@ccsc/contract/<file>): its index brings every route into a Lambda bundle.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);

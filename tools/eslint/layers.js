/**
 * The server's layering rules as ESLint flat-config entries (see CONTRIBUTING.md): only repositories
 * build SQL, and only the ledger module names the ledger's tables.
 */

/** Where the server may build SQL: repositories, the database layer, CLIs, test helpers and tests. */
const SQL_ALLOWED = [
  'apps/server/src/**/*.repository.ts',
  'apps/server/src/db/**',
  'apps/server/src/cli/**',
  'apps/server/src/testing/**',
  'apps/server/src/**/*.test.ts',
];
const QUERY_BUILDERS = 'selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto';
const BUILD_SQL_HERE = 'Build SQL in a *.repository.ts file.';

export const serverLayers = [
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: SQL_ALLOWED,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', allowTypeImports: true, message: BUILD_SQL_HERE }] },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: `CallExpression[callee.property.name=/^(${QUERY_BUILDERS})$/]`, message: BUILD_SQL_HERE },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.repository.ts'],
    ignores: ['apps/server/src/modules/ledger/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^ledger_(accounts|entries)\\b/]',
          message: "The ledger's tables are read and written through the ledger module.",
        },
      ],
    },
  },
];

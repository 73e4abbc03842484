import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Module boundaries of STYLE.md: web → domain ← api; domain imports neither app. */
const boundary = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: forbidden.map((group) => ({ group: [group], message })) }],
  },
});

const noEnum = { selector: 'TSEnumDeclaration', message: 'Use a string union instead of an enum.' };

/**
 * No literal UI text (STYLE.md §8): words in JSX come from the i18n files (nl and en), never from the
 * markup. Punctuation, numbers and symbols between translated parts stay allowed.
 */
const noLiteralText = [
  { selector: 'JSXText[value=/[A-Za-z]{2,}/]', message: 'UI text comes from i18n: t(…), in nl and en.' },
  {
    selector: 'JSXElement > JSXExpressionContainer > Literal[value=/[A-Za-z]{2,}/]',
    message: 'UI text comes from i18n: t(…), in nl and en.',
  },
  {
    selector:
      'JSXAttribute[name.name=/^(title|label|placeholder|aria-label|alt|okText|cancelText|tooltip|extra|help|content|description|subTitle|addonBefore|addonAfter)$/] > Literal[value=/[A-Za-z]{2,}/]',
    message: 'UI text comes from i18n: t(…), in nl and en.',
  },
];

/**
 * One form dialect (STYLE.md §14): a feature opens a create/edit form in `FormDrawer` with
 * `useEntityForm`, a panel in `DetailDrawer` (components/form-drawer.tsx), never antd's `Drawer`.
 */
const noRawDrawer = {
  selector: "ImportDeclaration[source.value='antd'] > ImportSpecifier[imported.name='Drawer']",
  message: 'A feature opens a form in FormDrawer (useEntityForm) and a panel in DetailDrawer, never antd Drawer.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.tmp/**', 'e2e/screenshots/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': ['error', noEnum],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['apps/web/src/**/*.tsx'], rules: { 'no-restricted-syntax': ['error', noEnum, ...noLiteralText] } },
  {
    files: ['apps/web/src/features/**/*.tsx'],
    rules: { 'no-restricted-syntax': ['error', noEnum, ...noLiteralText, noRawDrawer] },
  },
  // The push service worker (issue 13) runs in the browser's service-worker scope.
  { files: ['apps/web/public/sw.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  boundary(['packages/domain/**'], ['**/apps/**', '@kassa/api', '@kassa/web'], 'domain imports neither app.'),
  boundary(['apps/web/**'], ['**/apps/api/**', '@kassa/api'], 'web imports only @kassa/domain, never the api.'),
  boundary(['apps/api/**'], ['**/apps/web/**', '@kassa/web'], 'api imports only @kassa/domain, never the web app.'),
  {
    // Outside the features, shared web code is imported through the @/ alias (apps/web/src), never by climbing folders.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../**'], message: 'Import shared web code through @/… (apps/web/src).' },
            { group: ['**/apps/api/**', '@kassa/api'], message: 'web imports only @kassa/domain.' },
          ],
        },
      ],
    },
  },
  {
    // A feature does not import another feature: shared pieces move to components/ or domain. Inside a
    // feature, its own files are imported relatively; what lies outside it, through @/.
    files: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // From features/<area>/<folder>/x, ../../<name> is another feature.
              group: ['@/features/**', '../../*/**', '!../../../**'],
              message: 'A feature does not import another feature; move shared code to components/ or lib/.',
            },
            { group: ['../../../**'], message: 'Import shared web code through @/… (apps/web/src).' },
            { group: ['**/apps/api/**', '@kassa/api'], message: 'web imports only @kassa/domain.' },
          ],
        },
      ],
    },
  },
  {
    // Files at the top of a feature (columns.tsx, search-params.ts): ../<name> is another feature.
    files: ['apps/web/src/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/**', '../*/**', '!../../**'],
              message: 'A feature does not import another feature; move shared code to components/ or lib/.',
            },
            { group: ['../../**'], message: 'Import shared web code through @/… (apps/web/src).' },
            { group: ['**/apps/api/**', '@kassa/api'], message: 'web imports only @kassa/domain.' },
          ],
        },
      ],
    },
  },
);

import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const FEATURES = path.join(import.meta.dirname, 'apps/web/src/features');

/** One web feature never imports another (CODE_STYLE): shared code lives in lib/ or components/. */
const noCrossFeatureImport = {
  meta: { type: 'problem', messages: { cross: "Feature '{{from}}' imports feature '{{to}}'; move the shared part to lib/ or components/." } },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(FEATURES + path.sep)) return {};
    const from = path.relative(FEATURES, file).split(path.sep)[0];
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      let target;
      if (spec.startsWith('.')) target = path.resolve(path.dirname(file), spec);
      else if (spec.startsWith('@/features/')) target = path.join(FEATURES, spec.slice('@/features/'.length));
      else return;
      const rel = path.relative(FEATURES, target);
      if (rel.startsWith('..')) return;
      const to = rel.split(path.sep)[0];
      if (to !== from) context.report({ node, messageId: 'cross', data: { from, to } });
    };
    return {
      ImportDeclaration: (n) => check(n.source, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(n.source, n.source.value),
      ExportAllDeclaration: (n) => check(n.source, n.source.value),
      ImportExpression: (n) => n.source.type === 'Literal' && check(n.source, n.source.value),
    };
  },
};

const SERVER = path.join(import.meta.dirname, 'apps/server/src');
const MODULES = path.join(SERVER, 'modules');

/**
 * Server boundaries (ARCHITECTURE "Server"): a module is used through its index.ts only, and the
 * platform and integrations layers never import a module (modules plug into them, not the reverse).
 */
const serverBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      internal: "Module '{{from}}' imports '{{file}}' of module '{{to}}'; import '{{to}}/index.ts' (and export what is needed there).",
      layer: "'{{layer}}/' imports module '{{to}}'; the platform and integrations never depend on a module.",
    },
  },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(SERVER + path.sep)) return {};
    const layer = path.relative(SERVER, file).split(path.sep)[0];
    const from = layer === 'modules' ? path.relative(MODULES, file).split(path.sep)[0] : null;
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const rel = path.relative(MODULES, path.resolve(path.dirname(file), spec));
      if (rel.startsWith('..')) return;
      const [to, ...rest] = rel.split(path.sep);
      if (layer === 'platform' || layer === 'integrations') return context.report({ node, messageId: 'layer', data: { layer, to } });
      if (from && to !== from && rest.join('/') !== 'index.ts') context.report({ node, messageId: 'internal', data: { from, to, file: rest.join('/') } });
    };
    return {
      ImportDeclaration: (n) => check(n.source, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(n.source, n.source.value),
      ExportAllDeclaration: (n) => check(n.source, n.source.value),
      ImportExpression: (n) => n.source.type === 'Literal' && check(n.source, n.source.value),
    };
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/drizzle/**', 'e2e/artifacts/**', 'test-results/**', 'bench/results/**', '**/dev-dist/**', 'apps/web/android/**', 'apps/web/ios/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-control-regex': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, spotlist: { rules: { 'no-cross-feature-import': noCrossFeatureImport } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'spotlist/no-cross-feature-import': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'spotlist-server': { rules: { boundaries: serverBoundaries } } },
    rules: { 'spotlist-server/boundaries': 'error' },
  },
  {
    files: ['apps/embed/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);

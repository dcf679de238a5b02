import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import eslintPluginPrettierRecommended from 'eslint-plugin-prettier/recommended';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The layers of the code (docs/architecture.md): the web app and the server never import each
 * other, the shared contract in `model/` imports neither, and the tracking core
 * (docs/tracking-core.md) only imports the stages before it.
 */
const zone = (target, from, message) => ({ target, from, message });
const LAYER_ZONES = [
  zone('./server', './src', 'The server never imports the web app; shared types live in model/.'),
  zone('./src', './server', 'The web app never imports the server; shared types live in model/.'),
  zone('./model', ['./src', './server'], 'model/ is the shared contract: it imports neither side.'),
];

/**
 * The tracking core runs one way (docs/tracking-core.md): device → protocol/ → ingest/ (running the
 * processing/ kernel) → committed batch → subscribers (live/, notifications/). A folder imports
 * only the stages before it; the app wires the stages together in plugins/.
 */
const core = (...folders) => folders.map((folder) => `./server/${folder}`);
// Audit, the app wiring and the routes come after the core: no stage imports them.
const AFTER_CORE = core('audit', 'plugins', 'routes');
const CORE_ZONES = [
  zone(
    './server/processing',
    [...core('protocol', 'ingest', 'live', 'notifications'), ...AFTER_CORE],
    'processing/ is the pure kernel of the tracking core: it imports no other core folder.',
  ),
  zone(
    './server/protocol',
    [...core('ingest', 'live', 'notifications'), ...AFTER_CORE],
    'protocol/ hands positions to the sink it declares: of the core it imports only processing/.',
  ),
  zone(
    './server/ingest',
    [...core('live', 'notifications'), ...AFTER_CORE],
    'ingest/ publishes committed batches: it never imports a subscriber (live/, notifications/).',
  ),
  zone(
    ['./server/changes.ts', './server/serialize.ts'],
    [...core('protocol', 'ingest', 'live', 'notifications'), ...AFTER_CORE],
    'changes.ts and serialize.ts are neutral: they import no stage of the tracking core.',
  ),
  ...[
    ['live', 'notifications'],
    ['notifications', 'live'],
  ].map(([subscriber, other]) =>
    zone(
      `./server/${subscriber}`,
      core(other, 'protocol', 'plugins', 'routes'),
      `${subscriber}/ subscribes to committed batches: it imports neither ${other}/ nor protocol/; plugins/ wires them.`,
    ),
  ),
];

export default defineConfig([
  globalIgnores(['**/node_modules', '**/dist', 'test-results', 'playwright-report', 'data']),
  {
    name: 'eslint-js-recommended-rules',
    plugins: {
      js,
    },
    extends: ['js/recommended'],
  },
  tseslint.configs.recommended.map((conf) => ({
    ...conf,
    files: ['**/*.ts', '**/*.tsx'],
  })),
  eslintPluginPrettierRecommended,
  {
    name: 'react',
    ...react.configs.flat.recommended,
  },
  reactHooks.configs['recommended-latest'],
  {
    languageOptions: {
      globals: {
        ...globals.browser,
        ...globals.node,
      },
    },
    rules: {
      'react/react-in-jsx-scope': 'off',
    },
    settings: {
      react: {
        version: 'detect',
      },
    },
  },
  {
    name: 'layers',
    files: ['server/**/*.ts', 'src/**/*.{ts,tsx}', 'model/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...LAYER_ZONES, ...CORE_ZONES] }],
    },
  },
]);

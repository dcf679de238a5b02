import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import eslintPluginPrettierRecommended from 'eslint-plugin-prettier/recommended';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { FEATURES, SHARED_BASE, SHARED_WIDGETS, SHELL } from './scripts/webRooms.mjs';

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
 * The server's HTTP layer: the route tree, the plugins that wire services and hooks, and the
 * files that build and start the app. Everything else in server/ is domain logic, which knows
 * neither the framework nor the HTTP layer, so it can be called from a route, a job or a test.
 */
const SERVER_HTTP_FILES = [
  'server/routes/**',
  'server/plugins/**',
  'server/app.ts',
  'server/main.ts',
  'server/logger.ts',
];
const SERVER_DOMAIN = ['./server/!(routes|plugins)/**', './server/!(app|main|logger).ts'];
const DOMAIN_ZONES = [
  zone(
    SERVER_DOMAIN,
    ['./server/routes', './server/plugins'],
    'Domain code never imports routes/ or plugins/: they call it, not the other way round.',
  ),
];
/**
 * The access layers under the domain (docs/architecture.md): access/ says who is calling and what
 * they ask for, permissions/ checks it, entities/ is the generic entity machinery over both.
 * Domain folders build on them, never the other way round: an entity with a domain's hooks is
 * defined in its domain.
 */
const ACCESS_ZONES = [
  zone(
    './server/access',
    ['./server/!(access|db)/**', './server/!(changes).ts'],
    'access/ is the bottom of the domain: it imports only db/ and changes.ts.',
  ),
  zone(
    './server/permissions',
    ['./server/!(access|db|permissions)/**', './server/!(errors).ts'],
    'permissions/ checks what access/ describes: it imports only access/, db/ and errors.ts.',
  ),
  zone(
    './server/entities',
    ['./server/!(access|audit|db|entities|permissions|processing)/**'],
    'entities/ imports no domain folder: an entity with domain hooks is defined in its domain.',
  ),
];
/**
 * Cluster mode's Redis and lease code (docs/scaling.md) is wired in by plugins/ and main.ts; the
 * rest of the server sees only the small interfaces it implements (change feed, hub relay,
 * message log, throttle, lease), so one instance runs without any of it.
 */
const CLUSTER_ZONES = [
  zone(
    ['./server/!(routes|plugins|cluster)/**', './server/!(app|main|logger).ts'],
    './server/cluster',
    'Only plugins/ and main.ts use server/cluster/; domain code takes the interfaces it implements.',
  ),
];
const FRAMEWORK_MESSAGE =
  'Domain code never imports the web framework; only routes/, plugins/, app.ts and logger.ts do.';

/**
 * The web app's kinds of folders (scripts/webRooms.mjs, the list the floor plan measures by): the
 * shared base (session and access rules, server info, server calls, messages, the live store)
 * knows no screen; the shared widgets (toasts, theme, common pieces, the map's pieces, the update
 * prompt) know no feature nor the shell; and a feature uses another only through its entry,
 * `src/<feature>/index.ts`.
 */
const web = (names) => names.map((name) => `./src/${name}`);
const WEB_ABOVE_BASE = web([...SHELL, ...FEATURES, ...SHARED_WIDGETS]);
const WEB_ZONES = [
  zone(
    web(SHARED_BASE),
    WEB_ABOVE_BASE,
    `${SHARED_BASE.join(', ')} sit below the screens: they import no feature, widget or shell folder.`,
  ),
  zone(
    web(SHARED_WIDGETS),
    web([...SHELL, ...FEATURES]),
    'Shared widgets import no feature folder nor the shell: the features pass theirs in.',
  ),
  zone(
    './src/common',
    web(SHARED_WIDGETS.filter((folder) => folder !== 'common')),
    'common/ holds pieces the features share: it imports no other widget folder.',
  ),
  zone(
    './src/map',
    web(SHARED_WIDGETS.filter((folder) => folder !== 'map' && folder !== 'common')),
    'map/ holds the pieces every map screen uses: of the widgets it imports only common/ (the live map screen is fleet/map/).',
  ),
  ...FEATURES.map((feature) => ({
    target: web(FEATURES.filter((other) => other !== feature)),
    from: `./src/${feature}`,
    except: ['./index.ts'],
    message: `Another feature uses ${feature}/ only through its entry: import from '…/${feature}' (src/${feature}/index.ts), and export what you need there.`,
  })),
];

/**
 * One way from the web app to the server: every call to /api and /tarkan is a method of the data
 * provider (src/dataProvider), which screens read with react-admin's hooks or react-query. Only
 * the data provider may use its HTTP helpers, and only it calls `fetch` (besides the weather
 * widget's third-party call and the update prompt reading the app's own page, which is no API).
 */
const SERVER_CALLS_MESSAGE =
  'Server calls go through the data provider (src/dataProvider): add a method there and read it ' +
  'with useDataProvider<FrotaDataProvider>() and react-query.';
const ONE_WAY_TO_THE_SERVER = [
  {
    name: 'one-way-to-the-server/http',
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/dataProvider/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/dataProvider/http'], message: SERVER_CALLS_MESSAGE }] },
      ],
    },
  },
  {
    name: 'one-way-to-the-server/fetch',
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/dataProvider/**', 'src/layout/weather.ts', 'src/pwa/latestBuild.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: SERVER_CALLS_MESSAGE }],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({
          object,
          property: 'fetch',
          message: SERVER_CALLS_MESSAGE,
        })),
      ],
    },
  },
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
    [...core('protocol', 'ingest', 'live', 'notifications', 'db'), ...AFTER_CORE],
    'processing/ is the pure kernel of the tracking core: it imports no other core folder, nor the database.',
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
  globalIgnores([
    '**/node_modules',
    '**/dist',
    'build',
    'test-results',
    'playwright-report',
    'data',
  ]),
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
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...LAYER_ZONES,
            ...DOMAIN_ZONES,
            ...ACCESS_ZONES,
            ...CLUSTER_ZONES,
            ...CORE_ZONES,
            ...WEB_ZONES,
          ],
        },
      ],
    },
  },
  {
    name: 'server-domain-without-framework',
    files: ['server/**/*.ts'],
    ignores: SERVER_HTTP_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'fastify', message: FRAMEWORK_MESSAGE },
            { name: 'fastify-plugin', message: FRAMEWORK_MESSAGE },
          ],
          patterns: [{ group: ['@fastify/*'], message: FRAMEWORK_MESSAGE }],
        },
      ],
    },
  },
  ...ONE_WAY_TO_THE_SERVER,
]);

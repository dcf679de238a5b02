/**
 * The lint rules that keep the layers apart (docs/architecture.md) and the tracking core one way
 * (docs/tracking-core.md) fail on a wrong-way import and pass on an import made the allowed way.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const RULE = 'import-x/no-restricted-paths';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

/** The messages of `rule` ESLint reports for `code` saved at `filePath`. */
async function ruleErrors(rule: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

/** The restricted-path messages ESLint reports for `code` saved at `filePath`. */
const layerErrors = (filePath: string, code: string) => ruleErrors(RULE, filePath, code);

/** The restricted-import (web framework) messages for `code` saved at `filePath`. */
const frameworkErrors = (filePath: string, code: string) =>
  ruleErrors('no-restricted-imports', filePath, code);

/** A planted file that imports `name` from `from` and uses it. */
const importing = (name: string, from: string) =>
  `import { ${name} } from '${from}';\nexport const planted = ${name};\n`;

describe('layer boundaries', { timeout: 60_000 }, () => {
  it('refuses the web app in the server', async () => {
    const errors = await layerErrors(
      'server/db/planted.ts',
      "import { App } from '../../src/App';\nexport const planted = App;\n",
    );
    expect(errors).toEqual([expect.stringContaining('The server never imports the web app')]);
  });

  it('refuses the server in the web app', async () => {
    const errors = await layerErrors(
      'src/layout/planted.ts',
      "import { connect } from '../../server/db/connect';\nexport const planted = connect;\n",
    );
    expect(errors).toEqual([expect.stringContaining('The web app never imports the server')]);
  });

  it('keeps the cluster code to the wiring: plugins/ and main.ts use it, domain code does not', async () => {
    const errors = await layerErrors(
      'server/live/planted.ts',
      importing('SharedChangeFeed', '../cluster/changeFeed'),
    );
    expect(errors).toEqual([
      expect.stringContaining('Only plugins/ and main.ts use server/cluster/'),
    ]);
    expect(
      await layerErrors(
        'server/plugins/planted.ts',
        importing('HubBridge', '../cluster/liveRelay'),
      ),
    ).toEqual([]);
  });

  it('keeps the shared contract free of either side', async () => {
    const errors = await layerErrors(
      'model/planted.ts',
      "import { parseConfig } from '../server/config';\nexport const planted = parseConfig;\n",
    );
    expect(errors).toEqual([expect.stringContaining('model/ is the shared contract')]);
  });

  it('keeps the web base layers below the screens', async () => {
    const errors = await layerErrors(
      'src/live/planted.ts',
      "import { DeviceList } from '../fleet/DeviceList';\nexport const planted = DeviceList;\n",
    );
    expect(errors).toEqual([expect.stringContaining('sit below the screens')]);
    const allowed = importing('dataProvider', '../dataProvider');
    expect(await layerErrors('src/live/planted.ts', allowed)).toEqual([]);
  });

  it('keeps the shared web pieces free of the features', async () => {
    const common = (code: string) => layerErrors('src/common/planted.tsx', code);
    expect(await common(importing('OpenInvoices', '../billing/OpenInvoices'))).toEqual([
      expect.stringContaining('Shared widgets import no feature folder'),
    ]);
    expect(await common(importing('mapUi', '../map/mapUi'))).toEqual([
      expect.stringContaining('common/ holds pieces the features share'),
    ]);
    expect(await common(importing('ConfirmDialog', './ConfirmDialog'))).toEqual([]);
  });

  it('keeps the map pieces free of the screens that draw them', async () => {
    const map = (code: string) => layerErrors('src/map/planted.tsx', code);
    expect(await map(importing('useDeviceView', '../fleet/DeviceViewContext'))).toEqual([
      expect.stringContaining('Shared widgets import no feature folder'),
    ]);
    expect(await map(importing('ToastHost', '../alerts/ToastHost'))).toEqual([
      expect.stringContaining('map/ holds the pieces every map screen uses'),
    ]);
    expect(await map(importing('MapPanel', '../common/MapPanel'))).toEqual([]);
  });

  it('lets a feature use another only through its entry', async () => {
    const fleet = (code: string) => layerErrors('src/fleet/planted.tsx', code);
    expect(await fleet(importing('ShareDialog', '../shares/ShareDialog'))).toEqual([
      expect.stringContaining('Another feature uses shares/ only through its entry'),
    ]);
    expect(await fleet(importing('ShareDialog', '../shares'))).toEqual([]);
  });

  it('keeps server calls in the data provider', async () => {
    const http = importing('getJson', '../dataProvider/http');
    const imports = (filePath: string) => ruleErrors('no-restricted-imports', filePath, http);
    expect(await imports('src/map/planted.ts')).toEqual([
      expect.stringContaining('Server calls go through the data provider'),
    ]);
    expect(await imports('src/live/planted.ts')).toHaveLength(1);
    expect(await imports('src/dataProvider/planted.ts')).toEqual([]);

    const call = "export const planted = () => fetch('/api/devices');\n";
    const fetches = (filePath: string) => ruleErrors('no-restricted-globals', filePath, call);
    expect(await fetches('src/reports/planted.ts')).toEqual([
      expect.stringContaining('Server calls go through the data provider'),
    ]);
    const viaWindow = "export const planted = () => window.fetch('/api/devices');\n";
    expect(
      await ruleErrors('no-restricted-properties', 'src/reports/planted.ts', viaWindow),
    ).toHaveLength(1);
    expect(await fetches('src/dataProvider/planted.ts')).toEqual([]);
    expect(await fetches('src/layout/weather.ts')).toEqual([]);
  });

  /** A wrong-way import between stages of the tracking core: [file, imported module, message]. */
  const wrongWay: [string, string, string][] = [
    ['processing', '../ingest/ingest', 'processing/ is the pure kernel'],
    ['processing', '../db/json', 'processing/ is the pure kernel'],
    ['protocol', '../ingest/ingest', 'protocol/ hands positions to the sink'],
    ['ingest', '../live/fanout', 'ingest/ publishes committed batches'],
    ['live', '../notifications/dispatcher', 'live/ subscribes to committed batches'],
    ['notifications', '../live/hub', 'notifications/ subscribes to committed batches'],
  ];
  it.each(wrongWay)(
    'refuses a tracking core import from %s/ of %s',
    async (folder, from, message) => {
      const code = `import * as planted from '${from}';\nexport const used = planted;\n`;
      const errors = await layerErrors(`server/${folder}/planted.ts`, code);
      expect(errors).toEqual([expect.stringContaining(message)]);
    },
  );

  it('lets each stage of the tracking core import the stages before it', async () => {
    const ingest =
      "import type { PositionSink } from '../protocol/shared/sink';\n" +
      "import { enrichPosition } from '../processing/pipeline';\n" +
      'export const planted: [PositionSink | null, unknown] = [null, enrichPosition];\n';
    expect(await layerErrors('server/ingest/planted.ts', ingest)).toEqual([]);
    const subscriber =
      "import type { CommittedBatch } from '../ingest/batchFeed';\n" +
      "import { positionJson } from '../serialize';\n" +
      'export const planted: [CommittedBatch | null, unknown] = [null, positionJson];\n';
    expect(await layerErrors('server/live/planted.ts', subscriber)).toEqual([]);
    expect(await layerErrors('server/notifications/planted.ts', subscriber)).toEqual([]);
  });

  it('lets both sides import the contract', async () => {
    const contract =
      "import { CATEGORIES } from '../../model/category';\nexport const c = CATEGORIES;\n";
    expect(await layerErrors('server/db/planted.ts', contract)).toEqual([]);
    expect(await layerErrors('src/layout/planted.ts', contract)).toEqual([]);
  });
});

describe('server domain boundaries', { timeout: 60_000 }, () => {
  const NO_FRAMEWORK = 'Domain code never imports the web framework';
  const NO_HTTP_LAYER = 'Domain code never imports routes/ or plugins/';

  it('refuses the web framework in domain code', async () => {
    for (const source of ['fastify', 'fastify-plugin', '@fastify/static']) {
      const errors = await frameworkErrors(
        'server/billing/planted.ts',
        `import framework from '${source}';\nexport const planted = framework;\n`,
      );
      expect(errors).toEqual([expect.stringContaining(NO_FRAMEWORK)]);
    }
    const atRoot = await frameworkErrors(
      'server/planted.ts',
      "import type { FastifyInstance } from 'fastify';\nexport type Planted = FastifyInstance;\n",
    );
    expect(atRoot).toEqual([expect.stringContaining(NO_FRAMEWORK)]);
  });

  it('refuses routes/ and plugins/ in domain code', async () => {
    const route = await layerErrors(
      'server/billing/planted.ts',
      "import { errors } from '../routes/schemas';\nexport const planted = errors;\n",
    );
    expect(route).toEqual([expect.stringContaining(NO_HTTP_LAYER)]);
    const plugin = await layerErrors(
      'server/planted.ts',
      "import { jobsPlugin } from './plugins/jobs';\nexport const planted = jobsPlugin;\n",
    );
    expect(plugin).toEqual([expect.stringContaining(NO_HTTP_LAYER)]);
  });

  it('lets routes and plugins use the framework and the domain', async () => {
    const code =
      "import fp from 'fastify-plugin';\nimport { errors } from '../routes/schemas';\n" +
      "import { billingDeps } from '../billing/service';\nexport const p = [fp, errors, billingDeps];\n";
    for (const file of ['server/routes/planted.ts', 'server/plugins/planted.ts']) {
      expect(await frameworkErrors(file, code)).toEqual([]);
      expect(await layerErrors(file, code)).toEqual([]);
    }
  });
});

describe('access layers under the domain', { timeout: 60_000 }, () => {
  it('keeps access/ at the bottom of the domain', async () => {
    const errors = await layerErrors(
      'server/access/planted.ts',
      importing('accessDenial', '../permissions/checkAccess'),
    );
    expect(errors).toEqual([expect.stringContaining('access/ is the bottom of the domain')]);
    expect(
      await layerErrors('server/access/planted.ts', importing('findUserById', '../db/users')),
    ).toEqual([]);
  });

  it('keeps permissions/ below entities/ and the domain folders', async () => {
    const errors = await layerErrors(
      'server/permissions/planted.ts',
      importing('listEntities', '../entities/service'),
    );
    expect(errors).toEqual([expect.stringContaining('permissions/ checks what access/ describes')]);
    expect(
      await layerErrors('server/permissions/planted.ts', importing('makeActor', '../access/actor')),
    ).toEqual([]);
  });

  it('keeps domain folders out of entities/', async () => {
    const errors = await layerErrors(
      'server/entities/planted.ts',
      importing('checkDeviceLimits', '../devices/deviceLimit'),
    );
    expect(errors).toEqual([expect.stringContaining('entities/ imports no domain folder')]);
    expect(
      await layerErrors(
        'server/entities/planted.ts',
        importing('accessDenial', '../permissions/checkAccess'),
      ),
    ).toEqual([]);
  });
});

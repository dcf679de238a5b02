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

/** The restricted-path messages ESLint reports for `code` saved at `filePath`. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

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

  it('keeps the shared contract free of either side', async () => {
    const errors = await layerErrors(
      'model/planted.ts',
      "import { parseConfig } from '../server/config';\nexport const planted = parseConfig;\n",
    );
    expect(errors).toEqual([expect.stringContaining('model/ is the shared contract')]);
  });

  it('keeps the pure kernel of the tracking core free of the other stages', async () => {
    const errors = await layerErrors(
      'server/processing/planted.ts',
      "import { Ingest } from '../ingest/ingest';\nexport const planted = Ingest;\n",
    );
    expect(errors).toEqual([expect.stringContaining('processing/ is the pure kernel')]);
  });

  it('keeps the protocol listener free of ingest', async () => {
    const errors = await layerErrors(
      'server/protocol/planted.ts',
      "import type { Ingest } from '../ingest/ingest';\nexport type Planted = Ingest;\n",
    );
    expect(errors).toEqual([expect.stringContaining('protocol/ hands positions to the sink')]);
  });

  it('keeps ingest free of the subscribers of committed batches', async () => {
    const errors = await layerErrors(
      'server/ingest/planted.ts',
      "import { LiveFanout } from '../live/fanout';\nexport const planted = LiveFanout;\n",
    );
    expect(errors).toEqual([expect.stringContaining('ingest/ publishes committed batches')]);
  });

  it('keeps the live fan-out and notifications apart', async () => {
    const live = await layerErrors(
      'server/live/planted.ts',
      "import { NotificationDispatcher } from '../notifications/dispatcher';\n" +
        'export const planted = NotificationDispatcher;\n',
    );
    expect(live).toEqual([expect.stringContaining('live/ subscribes to committed batches')]);
    const notifications = await layerErrors(
      'server/notifications/planted.ts',
      "import { SocketHub } from '../live/hub';\nexport const planted = SocketHub;\n",
    );
    expect(notifications).toEqual([
      expect.stringContaining('notifications/ subscribes to committed batches'),
    ]);
  });

  it('lets each stage of the tracking core import the stages before it', async () => {
    const ingest =
      "import type { PositionSink } from '../protocol/sink';\n" +
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

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

  /** A wrong-way import between stages of the tracking core: [file, imported module, message]. */
  const wrongWay: [string, string, string][] = [
    ['processing', '../ingest/ingest', 'processing/ is the pure kernel'],
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

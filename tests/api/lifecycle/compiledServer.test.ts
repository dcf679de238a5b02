/**
 * The compiled server (scripts/buildServer.mjs), what `npm start`, `npm run migrate` and the
 * deployment samples run rather than the TypeScript sources the other tests start: built into a
 * temporary folder, it answers, signs in, lists devices and writes a spreadsheet; its migrate
 * command prepares a new database for an instance that does not migrate itself. A bundling
 * mistake (a file read beside the sources, a module left out, a lazily loaded package that does
 * not resolve) fails here.
 */
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../scripts/buildServer.mjs';
import { migrations } from '../../../server/db/migrations';
import { version } from '../../../package.json';
import { runNode } from '../../support/nodeCommand';
import { signInAdmin } from '../../support/entityApi';
import { REPO_ROOT, startServer, type TestServer } from '../../support/server';

let dir = '';
let out = '';
const servers: TestServer[] = [];
const dataDirs: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'frota-build-'));
  out = path.join(dir, 'server');
  await buildServer(REPO_ROOT, out);
  // Node finds the packages from the compiled files' folder up, as from build/ in the repository.
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true })));
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function startCompiled(env: Record<string, string> = {}, dataDir?: string) {
  const server = await startServer({
    nodeArgs: ['--enable-source-maps', path.join(out, 'main.js')],
    env,
    dataDir,
  });
  servers.push(server);
  return server;
}

/** Runs the compiled migrate command on the SQLite database under `dataDir`. */
function migrate(dataDir: string) {
  return runNode(['--enable-source-maps', path.join(out, 'migrate.js')], { DATA_DIR: dataDir });
}

describe('the compiled server', () => {
  it('answers health, signs in, lists devices and writes a spreadsheet', async () => {
    // Two demo devices: the demo fleet's preparation and its sender run from the bundle too.
    const server = await startCompiled({ DEMO_DEVICES: '2' });
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);

    const admin = await signInAdmin(server);
    const info = (await (await admin.get('/api/server')).json()) as { version: string };
    expect(info.version).toBe(version);

    const created = await admin.json('/api/devices', { name: 'Compiled', uniqueId: 'compiled-1' });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: number };
    const listed = await admin.get('/api/devices');
    expect(listed.status).toBe(200);
    const devices = (await listed.json()) as { id: number; name: string }[];
    expect(devices.map((d) => d.name)).toContain('Compiled');
    expect(devices).toHaveLength(3);

    // The spreadsheet writer's package is loaded on first use, from the compiled file's place.
    const to = new Date().toISOString();
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const sheet = await admin.get(`/api/reports/route/xlsx?deviceId=${id}&from=${from}&to=${to}`);
    expect(sheet.status).toBe(200);
    const bytes = new Uint8Array(await sheet.arrayBuffer());
    // An .xlsx file is a zip archive.
    expect([...bytes.slice(0, 2)]).toEqual([0x50, 0x4b]);
  });

  it('migrate prepares a new database for an instance that does not migrate itself', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'frota-migrate-'));
    dataDirs.push(dataDir);

    await expect(startCompiled({ MIGRATE_ON_START: 'false' }, dataDir)).rejects.toThrow(
      /exited with code 1[\s\S]*schema is behind[\s\S]*npm run migrate/,
    );

    const first = await migrate(dataDir);
    expect(first.code, first.output).toBe(0);
    const ran = [...first.output.matchAll(/^migrated: (\S+)$/gm)].map((m) => m[1]);
    expect(ran).toEqual(Object.keys(migrations));

    const again = await migrate(dataDir);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toMatch(/nothing to migrate: the database schema is up to date/);
    expect(again.output).not.toMatch(/^migrated:/m);

    const server = await startCompiled({ MIGRATE_ON_START: 'false' }, dataDir);
    const admin = await signInAdmin(server);
    expect((await admin.get('/api/devices')).status).toBe(200);
  });
});

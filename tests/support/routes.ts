import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { buildApp } from '../../server/app';
import { parseConfig } from '../../server/config';
import { connect } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';

export interface RegisteredRoute {
  method: string;
  url: string;
}

/**
 * Every `/api` and `/tarkan` route the app registers with the plus licence, as `METHOD /route`
 * pairs sorted by both (HEAD, which mirrors GET, left out). Read from an app built in process on
 * a throwaway database, never started.
 */
export async function registeredRoutes(): Promise<RegisteredRoute[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'frota-routes-'));
  const db = await connect({ kind: 'sqlite', file: path.join(dir, 'frota.db') });
  const routes = new Map<string, RegisteredRoute>();
  const collect = (route: RouteOptions) => {
    if (!/^\/(api|tarkan)(\/|$)/.test(route.url)) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.set(`${method} ${route.url}`, { method, url: route.url });
    }
  };
  try {
    await migrateToLatest(db);
    const config = parseConfig({
      LICENSE_MODE: 'plus',
      DATA_DIR: dir,
      WEB_DIR: path.join(dir, 'web'),
    });
    const app = await buildApp(config, db, { logger: false, onRoute: collect });
    await app.ready();
    await app.close();
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
  return [...routes.keys()].sort().map((key) => routes.get(key) as RegisteredRoute);
}

import { buildApp } from './app';
import { deleteExpiredSessions } from './auth/sessions';
import { parseConfig, publicOrigin } from './config';
import { connect } from './db/connect';
import { drain } from './lifecycle/drain';
import { closeWebPort } from './lifecycle/webPort';
import { migrateSchema, requireMigratedSchema, whileStartingAlone } from './db/migrate';
import { DEVICE_PROTOCOLS } from './protocol';
import { startDevicePorts, type DevicePorts } from './protocol/devicePorts';
import { startOsmAndListener, type OsmAndListener } from './protocol/osmand/listener';
import { startDemoFleet, type RunningFleet } from './simulator/demo';
import { countDevices, prepareDemoDevices, withLastPositions } from './simulator/seed';
import { ensureFirstAdmin, passwordBanner } from './users/firstAdmin';

async function main(): Promise<void> {
  const config = parseConfig(process.env);
  const db = await connect(config.database);
  // Instances started together (or beside `npm run migrate`) would race to migrate and create the
  // first admin.
  const prepare = async () => {
    const schema = config.migrateOnStart
      ? await migrateSchema(db)
      : { ...(await requireMigratedSchema(db)), ran: [] };
    await deleteExpiredSessions(db);
    return { schema, admin: await ensureFirstAdmin(db, config.adminEmail, config.adminPassword) };
  };
  const { schema, admin } = await whileStartingAlone(db, config.database, prepare);
  const emptyAtStart = (await countDevices(db)) === 0;

  if (admin.generatedPassword) {
    // Deliberately console, not the logger: shown once, to the operator, never shipped to log storage as a field.
    console.log(passwordBanner(config.adminEmail, admin.generatedPassword));
  }

  // Embedded mode only: in proxy mode the devices live on the Traccar server.
  const demoDevices = config.traccarUrl
    ? []
    : await withLastPositions(
        db,
        await prepareDemoDevices(
          db,
          config.demoDevices,
          emptyAtStart,
          new Set(config.devicePorts.keys()),
        ),
      );

  const app = await buildApp(config, db);
  if (schema.ran.length > 0) app.log.info(`migrated: ${schema.ran.join(', ')}`);
  if (schema.newer.length > 0) {
    app.log.warn(
      `the database has migrations of a newer version (${schema.newer.join(', ')}): running on it ` +
        'unmigrated, as during a rolling upgrade (docs/scaling.md)',
    );
  }
  if (admin.created) app.log.info(`first administrator created: ${config.adminEmail}`);
  if (!config.publicUrl) {
    app.log.warn(
      `PUBLIC_URL is not set: links in mail (password reset) point to ${publicOrigin(config)}`,
    );
  }
  let fleet: RunningFleet | null = null;
  let osmand: OsmAndListener | null = null;
  let devicePorts: DevicePorts | null = null;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, draining (at most ${config.drainTimeoutMs} ms)`);
    await fleet?.stop().catch(() => undefined);
    const outcome = await drain(
      {
        startDraining: () => app.readiness.startDraining(),
        closeListeners: (graceMs) => [
          closeWebPort(app.server, graceMs),
          osmand?.close(graceMs) ?? Promise.resolve(),
          devicePorts?.close(graceMs) ?? Promise.resolve(),
        ],
        // Proxy mode has no hub nor ingest: Traccar holds the sockets and the devices.
        releaseSockets: () => (app.hasDecorator('hub') ? app.hub.closeAll() : undefined),
        flushIngest: async () => {
          if (app.hasDecorator('tracking')) await app.tracking.ingest.flush();
        },
        close: async () => {
          await app.close();
          await db.close();
        },
      },
      { timeoutMs: config.drainTimeoutMs, log: app.log },
    );
    if (outcome === 'drained') app.log.info('drained, exiting');
    else app.log.error(`drain ${outcome}: exiting anyway`);
    // The logger writes asynchronously; give the last lines a moment to leave.
    setTimeout(() => process.exit(outcome === 'drained' ? 0 : 1), 50);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  // Devices first, so a healthy web port means the protocol port is listening too.
  if (!config.traccarUrl) {
    osmand = await startOsmAndListener({
      port: config.osmandPort,
      host: config.host,
      sink: app.tracking.ingest,
      log: app.log,
      messages: app.tracking.messages,
    });
    app.log.info(`osmand listening on port ${osmand.port}`);
    devicePorts = await startDevicePorts(
      DEVICE_PROTOCOLS,
      config.devicePorts,
      config.host,
      app.deviceSessionDeps,
    );
    for (const { protocol, port } of devicePorts.ports) {
      app.log.info(`${protocol} listening on port ${port}`);
    }
    app.deviceListeningPorts.push(
      { protocol: 'osmand', port: osmand.port, transports: ['http'] },
      ...devicePorts.ports.map(({ protocol, port }) => ({
        protocol,
        port,
        transports: DEVICE_PROTOCOLS.find((p) => p.name === protocol)?.transports ?? ['tcp'],
      })),
    );
  }
  await app.listen({ port: config.port, host: config.host });
  if (demoDevices.length > 0) {
    // Phones through the OsmAnd port, trackers through their own ports, as real devices do.
    const url = `http://127.0.0.1:${osmand?.port ?? config.osmandPort}`;
    const ports = new Map(devicePorts?.ports.map(({ protocol, port }) => [protocol, port]));
    fleet = startDemoFleet({ devices: demoDevices, url, ports, log: app.log });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Frota failed to start: ${error.message}` : error);
  process.exit(1);
});

import { buildApp } from './app';
import { deleteExpiredSessions } from './auth/sessions';
import { parseConfig } from './config';
import { connect } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { ensureFirstAdmin, passwordBanner } from './users/firstAdmin';

async function main(): Promise<void> {
  const config = parseConfig(process.env);
  const db = await connect(config.database);
  await migrateToLatest(db);
  await deleteExpiredSessions(db);

  const admin = await ensureFirstAdmin(db, config.adminEmail, config.adminPassword);
  if (admin.generatedPassword) {
    // Deliberately console, not the logger: shown once, to the operator, never shipped to log storage as a field.
    console.log(passwordBanner(config.adminEmail, admin.generatedPassword));
  }

  const app = await buildApp(config, db);
  if (admin.created) app.log.info(`first administrator created: ${config.adminEmail}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    // A stuck connection must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await db.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Frota failed to start: ${error.message}` : error);
  process.exit(1);
});

/**
 * The mail and command notificators and the notification routes with SMTP configured, in-process
 * on SQLite against a local SMTP receiver. Notifications are added after start-up and announced
 * on the change feed, as the entity API does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../../server/app';
import { parseConfig } from '../../../../server/config';
import { connect } from '../../../../server/db/connect';
import { flag, type Db } from '../../../../server/db/database';
import { migrateToLatest } from '../../../../server/db/migrate';
import { decodeOsmAndQuery } from '../../../../server/protocol/osmand/decoder';
import { mailBody, mailSubject, mailText, startSmtp, type TestSmtp } from '../../../support/smtp';
import { ALICE, DEPOT, seedFleet, type Fleet } from '../../../support/trackingSeed';

let dir: string;
let db: Db;
let app: App;
let smtp: TestSmtp;
let fleet: Fleet;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'frota-notify-'));
  smtp = await startSmtp();
  db = await connect({ kind: 'sqlite', file: path.join(dir, 'frota.db') });
  await migrateToLatest(db);
  fleet = await seedFleet(db);
  app = await buildApp(parseConfig({ SMTP_URL: smtp.url, WEB_DIR: path.join(dir, 'web') }), db, {
    logger: false,
    tracking: { ingest: { delayMs: 1 } },
  });
  await app.ready();
}, 30_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
  await smtp?.close();
  await rm(dir, { recursive: true, force: true });
});

async function aliceCookie(): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/session',
    payload: new URLSearchParams(ALICE).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'JSESSIONID');
  return `JSESSIONID=${cookie!.value}`;
}

/** A notification linked to the van and Alice, announced like the entity API does. */
async function addNotification(type: string, notificators: string, commandId: number | null) {
  const { id } = await db.kysely
    .insertInto('notifications')
    .values({ type, notificators, always: flag(db, false), commandId, attributes: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.kysely
    .insertInto('deviceNotification')
    .values({ deviceId: fleet.van.id, notificationId: id })
    .execute();
  await db.kysely
    .insertInto('userNotification')
    .values({ userId: fleet.aliceId, notificationId: id })
    .execute();
  app.changes.emit({ kind: 'notification', id, action: 'create' });
  app.changes.emit({
    kind: 'permission',
    owner: 'device',
    property: 'notification',
    ownerId: fleet.van.id,
    propertyId: id,
    action: 'link',
  });
  app.changes.emit({
    kind: 'permission',
    owner: 'user',
    property: 'notification',
    ownerId: fleet.aliceId,
    propertyId: id,
    action: 'link',
  });
  await new Promise((r) => setTimeout(r, 50)); // the cache re-reads the notification
}

describe('notification delivery', () => {
  it('lists mail among the notificators once SMTP is set, and mails a test to the caller', async () => {
    const cookie = await aliceCookie();
    const list = await app.inject({ url: '/api/notifications/notificators', headers: { cookie } });
    // Only what the server can deliver through, as Traccar lists them.
    expect(list.json()).toEqual([{ type: 'web' }, { type: 'mail' }, { type: 'command' }]);
    const announce = await app.inject({
      url: '/api/notifications/notificators?announcement=true',
      headers: { cookie },
    });
    expect(announce.json()).toEqual([{ type: 'mail' }]);
    const test = await app.inject({
      method: 'POST',
      url: '/api/notifications/test/mail',
      headers: { cookie },
    });
    expect(test.statusCode).toBe(204);
    expect(mailBody(await smtp.waitForMail(ALICE.email))).toContain('Notificação de teste');
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/notifications/test/sms',
      headers: { cookie },
    });
    expect([unknown.statusCode, unknown.body]).toEqual([
      400,
      'SMS is not configured - IllegalArgumentException',
    ]);
  });

  it('mails an event and queues the saved command of a command notification', async () => {
    const { id: commandId } = await db.kysely
      .insertInto('commands')
      .values({
        description: 'Cut engine',
        type: 'engineStop',
        textChannel: flag(db, false),
        attributes: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addNotification('ignitionOn', 'mail,command', commandId);
    smtp.mails.length = 0;
    await db.kysely.deleteFrom('queuedCommands').execute();

    const now = Math.floor(Date.now() / 1000);
    const send = (query: string) => app.tracking.ingest.submit(decodeOsmAndQuery(query), true);
    await send(
      `id=${fleet.van.uniqueId}&lat=${DEPOT.latitude}&lon=${DEPOT.longitude}&ignition=false&timestamp=${now}`,
    );
    await send(
      `id=${fleet.van.uniqueId}&lat=${DEPOT.latitude}&lon=${DEPOT.longitude}&ignition=true&timestamp=${now + 1}`,
    );
    await app.tracking.batches.idle();

    const mail = await smtp.waitForMail(ALICE.email);
    // Alice chose no language: the server's default, pt-BR, in the subject, text and HTML.
    expect(mailSubject(mail)).toBe('Ignição ligada em Van');
    expect(mailText(mail, 'text/plain')).toContain('Evento: Ignição ligada');
    expect(mailText(mail, 'text/html')).toContain('<h1');
    const queued = await new Promise<{ deviceId: number; type: string }[]>((resolve) => {
      const poll = async () => {
        const rows = await db.kysely
          .selectFrom('queuedCommands')
          .select(['deviceId', 'type'])
          .execute();
        if (rows.length > 0) resolve(rows);
        else setTimeout(() => void poll(), 20);
      };
      void poll();
    });
    expect(queued).toEqual([{ deviceId: fleet.van.id, type: 'engineStop' }]);
    // The device gets it with its next message.
    const reply = await send(
      `id=${fleet.van.uniqueId}&lat=${DEPOT.latitude}&lon=${DEPOT.longitude}&timestamp=${now + 2}`,
    );
    expect(reply).toEqual({ kind: 'stored', command: 'engineStop' });
  });
});

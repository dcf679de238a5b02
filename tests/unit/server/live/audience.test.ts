/**
 * The live side's rules on who sees what, without the app: the socket's greeting, the resync,
 * what a link, an unlink, a move in the group tree, a deletion or a role change does to the maps
 * of the users with a socket here, and the positions that reach the maps from outside a batch.
 * On SQLite, with a seeded fleet: Alice sees the van and the parked device (direct links), Bob
 * the truck (through his group), the administrator every device.
 */
import { sql } from 'kysely';
import type { Event } from '../../../../model';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Change } from '../../../../server/changes';
import { flag, type Db } from '../../../../server/db/database';
import { TrackingCache } from '../../../../server/ingest/cache';
import { storeLatestPosition } from '../../../../server/ingest/store';
import { AdministratorRoles } from '../../../../server/live/administrators';
import { AudienceCache } from '../../../../server/live/audience';
import { AudienceChanges } from '../../../../server/live/audienceChanges';
import { ChangeFollower } from '../../../../server/live/changeFollower';
import { LiveFanout } from '../../../../server/live/fanout';
import { Greeting } from '../../../../server/live/greeting';
import { SocketHub, type LiveSocket } from '../../../../server/live/hub';
import { showRelayedBatch, showReplacedLatest } from '../../../../server/live/outsideBatches';
import { mapState, resyncSockets } from '../../../../server/live/resync';
import { seenDeviceIds, shownEntries } from '../../../../server/live/seenDevices';
import { deliverWebNotification } from '../../../../server/live/webNotifications';
import { LatestPositionsJson } from '../../../../server/positions/latestJson';
import type { PositionRecord } from '../../../../server/processing/types';
import { positionJson, positionText } from '../../../../server/serialize';
import { openMigrated, sqliteTarget } from '../../../support/dialects';
import { positionRecord } from '../../../support/positionRecord';
import { seedFleet, type Fleet } from '../../../support/trackingSeed';

type Message = Record<string, unknown>;

function socket(): LiveSocket & { messages: Message[] } {
  const s = {
    messages: [] as Message[],
    send: (data: string | Buffer) => void s.messages.push(JSON.parse(String(data)) as Message),
    close: () => {},
  };
  return s;
}

const ids = (list: unknown): number[] =>
  ((list ?? []) as { id?: number; deviceId?: number }[])
    .map((item) => item.id ?? 0)
    .sort((a, b) => a - b);

const target = sqliteTarget('frota-live-audience-');
let db: Db;
let fleet: Fleet;
let vanLatest: PositionRecord;
let truckLatest: PositionRecord;

const latest = async (deviceId: number, fixTime: number): Promise<PositionRecord> => {
  const position = positionRecord({ id: 0, deviceId, fixTime, deviceTime: fixTime });
  position.id = await db.kysely
    .transaction()
    .execute((trx) => storeLatestPosition(trx, db.dialect, position));
  return position;
};

const link = (table: string, columns: [string, string], a: number, b: number) =>
  sql`insert into ${sql.table(table)} (${sql.ref(columns[0])}, ${sql.ref(columns[1])})
    values (${a}, ${b})`.execute(db.kysely);
const unlink = (table: string, columns: [string, string], a: number, b: number) =>
  sql`delete from ${sql.table(table)} where ${sql.ref(columns[0])} = ${a}
    and ${sql.ref(columns[1])} = ${b}`.execute(db.kysely);

beforeAll(async () => {
  db = await openMigrated(target);
  fleet = await seedFleet(db);
  vanLatest = await latest(fleet.van.id, 1_700_000_000_000);
  truckLatest = await latest(fleet.truck.id, 1_700_000_100_000);
});

afterAll(async () => {
  await db.close();
  await target.cleanup();
});

/** The live side of one instance over the seeded fleet, with sockets for the users asked. */
async function liveSide() {
  const cache = new TrackingCache(db);
  await cache.load();
  const audience = new AudienceCache(db);
  const hub = new SocketHub();
  const log = { error: (object: unknown) => errors.push(object) };
  const errors: unknown[] = [];
  const fanout = new LiveFanout(hub, audience, log, 0);
  const greeting = new Greeting(db, cache, new LatestPositionsJson());
  const roles = new AdministratorRoles(db, cache, hub, fanout);
  const audienceChanges = new AudienceChanges({ db, cache, hub, fanout, roles });
  const follower = new ChangeFollower({
    cache,
    audience,
    hub,
    fanout,
    audienceChanges,
    resync: () => resyncSockets({ db, cache, audience, hub, greeting }),
    log,
  });
  const sockets = new Map<number, ReturnType<typeof socket>>();
  const open = (userId: number) => {
    const s = socket();
    hub.add(s, userId, `session-${userId}`);
    sockets.set(userId, s);
    return s;
  };
  /** Hears a change and waits until the caches and the sockets followed it. */
  const hear = async (change: Change) => {
    follower.heard(change);
    await cache.settled();
    // The audience rules run after the cache, reading the database: let them finish.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    await fanout.idle();
  };
  return { cache, audience, hub, fanout, greeting, roles, follower, open, hear, errors };
}

describe('who sees which device', () => {
  it('reads the devices a user sees: all for an administrator, else their links', async () => {
    const { cache } = await liveSide();
    const admin = await seenDeviceIds(db, cache, { id: fleet.adminId, administrator: true });
    expect(admin.sort((a, b) => a - b)).toEqual(
      [fleet.van.id, fleet.truck.id, fleet.parked.id].sort((a, b) => a - b),
    );
    const alice = await seenDeviceIds(db, cache, { id: fleet.aliceId, administrator: false });
    expect(alice.sort((a, b) => a - b)).toEqual(
      [fleet.van.id, fleet.parked.id].sort((a, b) => a - b),
    );
  });

  it('leaves lazily deleted devices, and devices not held here, off the map', async () => {
    const { cache } = await liveSide();
    const truck = cache.devices.get(fleet.truck.id);
    if (!truck) throw new Error('truck not loaded');
    truck.device.uniqueId = 'deleted-truck1-1700000000000';
    const shown = shownEntries(cache, [fleet.van.id, fleet.truck.id, 999_999]);
    expect(shown.map((entry) => entry.device.id)).toEqual([fleet.van.id]);
  });
});

describe('the greeting', () => {
  it('holds the latest position of every device the user sees, and only those', async () => {
    const { greeting } = await liveSide();
    const alice = { id: fleet.aliceId, administrator: false };
    expect(await greeting.latestPositions(alice)).toEqual([positionJson(vanLatest)]);
    const message = JSON.parse(String((await greeting.messages(alice))[0])) as Message;
    expect(message).toEqual(JSON.parse(JSON.stringify({ positions: [positionJson(vanLatest)] })));
    const admin = await greeting.latestPositions({ id: fleet.adminId, administrator: true });
    expect(admin.map((p) => p.deviceId).sort((a, b) => a - b)).toEqual(
      [fleet.van.id, fleet.truck.id].sort((a, b) => a - b),
    );
  });

  it('sends the texts prepared at warm-up and after each batch', async () => {
    const { greeting, cache } = await liveSide();
    await greeting.warmUp();
    const bob = { id: fleet.bobId, administrator: false };
    const before = JSON.parse(String((await greeting.messages(bob))[0])) as Message;
    expect(ids(before.positions)).toEqual([truckLatest.id]);
    // A newer fix became the truck's latest: the greeting follows once the batch is prepared.
    const newer = positionRecord({ id: truckLatest.id + 1000, deviceId: fleet.truck.id });
    const entry = cache.devices.get(fleet.truck.id);
    if (!entry) throw new Error('truck not loaded');
    entry.last = newer;
    greeting.committed({ positions: [newer], devices: [], events: [] });
    await new Promise((resolve) => setImmediate(resolve));
    const after = JSON.parse(String((await greeting.messages(bob))[0])) as Message;
    expect(ids(after.positions)).toEqual([newer.id]);
  });
});

describe('changes heard on the feed', () => {
  let side: Awaited<ReturnType<typeof liveSide>>;
  beforeEach(async () => {
    side = await liveSide();
  });

  it('shows a device linked to a user on their map at once, and drops it when unlinked', async () => {
    const bob = side.open(fleet.bobId);
    await link('user_device', ['user_id', 'device_id'], fleet.bobId, fleet.van.id);
    const linked = {
      kind: 'permission',
      owner: 'userId',
      property: 'deviceId',
      ownerId: fleet.bobId,
      propertyId: fleet.van.id,
    } as const;
    await side.hear({ ...linked, action: 'link' });
    expect(bob.messages).toEqual([
      {
        devices: [expect.objectContaining({ id: fleet.van.id })],
        positions: [expect.objectContaining({ id: vanLatest.id })],
      },
    ]);
    bob.messages.length = 0;
    await unlink('user_device', ['user_id', 'device_id'], fleet.bobId, fleet.van.id);
    await side.hear({ ...linked, action: 'unlink' });
    expect(bob.messages).toEqual([{ removedDevices: [fleet.van.id] }]);
  });

  it('drops a deleted device from the maps of those who saw it', async () => {
    const alice = side.open(fleet.aliceId);
    const bob = side.open(fleet.bobId);
    await side.hear({
      kind: 'device',
      id: fleet.parked.id,
      action: 'delete',
      seenBy: [fleet.aliceId, fleet.adminId],
    });
    expect(alice.messages).toEqual([{ removedDevices: [fleet.parked.id] }]);
    expect(bob.messages).toEqual([]);
  });

  it('moves a device out of a user’s group off their map, and back on with its position', async () => {
    const bob = side.open(fleet.bobId);
    const move = async (groupId: number | null) => {
      await db.kysely
        .updateTable('devices')
        .set({ groupId })
        .where('id', '=', fleet.truck.id)
        .execute();
      await side.hear({ kind: 'device', id: fleet.truck.id, action: 'update' });
    };
    await move(null);
    expect(bob.messages).toContainEqual({ removedDevices: [fleet.truck.id] });
    bob.messages.length = 0;
    await move(fleet.groupId);
    expect(bob.messages).toContainEqual({
      devices: [expect.objectContaining({ id: fleet.truck.id, groupId: fleet.groupId })],
      positions: [expect.objectContaining({ id: truckLatest.id })],
    });
  });

  it('follows a user made an administrator and back, after telling them their account changed', async () => {
    const alice = side.open(fleet.aliceId);
    side.roles.greeted({ id: fleet.aliceId, administrator: false });
    const role = async (administrator: boolean) => {
      await db.kysely
        .updateTable('users')
        .set({ administrator: flag(db, administrator) })
        .where('id', '=', fleet.aliceId)
        .execute();
      alice.messages.length = 0;
      await side.hear({ kind: 'user', id: fleet.aliceId, action: 'update' });
    };
    await role(true);
    expect(alice.messages[0]).toEqual({ userChanged: true });
    expect(ids(alice.messages[1]?.devices)).toEqual([fleet.truck.id]);
    await role(false);
    expect(alice.messages).toEqual([{ userChanged: true }, { removedDevices: [fleet.truck.id] }]);
  });

  it('tells every socket the server settings were saved', async () => {
    const [alice, bob] = [side.open(fleet.aliceId), side.open(fleet.bobId)];
    await side.hear({ kind: 'server', action: 'update' });
    expect(alice.messages).toEqual([{ serverChanged: true }]);
    expect(bob.messages).toEqual([{ serverChanged: true }]);
  });

  it('brings every socket back to its user’s whole map after a resync', async () => {
    const bob = side.open(fleet.bobId);
    await side.hear({ kind: 'resync' });
    await expect.poll(() => bob.messages.length).toBe(1);
    expect(bob.messages[0]).toEqual({
      devices: [expect.objectContaining({ id: fleet.truck.id })],
      positions: [expect.objectContaining({ id: truckLatest.id })],
      complete: true,
    });
    expect(await mapState({ db, cache: side.cache, greeting: side.greeting }, 999_999)).toBeNull();
  });

  it('forgets the role of a user whose sockets closed', async () => {
    const alice = side.open(fleet.aliceId);
    side.roles.greeted({ id: fleet.aliceId, administrator: false });
    side.hub.remove(alice);
    side.roles.prune();
    await db.kysely
      .updateTable('users')
      .set({ administrator: flag(db, true) })
      .where('id', '=', fleet.aliceId)
      .execute();
    const again = side.open(fleet.aliceId);
    await side.hear({ kind: 'user', id: fleet.aliceId, action: 'update' });
    // Not greeted since: nothing to compare with, so only the account notice goes.
    expect(again.messages).toEqual([{ userChanged: true }]);
    await db.kysely
      .updateTable('users')
      .set({ administrator: flag(db, false) })
      .where('id', '=', fleet.aliceId)
      .execute();
  });
});

describe('latest positions from outside a batch', () => {
  it('puts the one now latest on the map when the latest is deleted, unless a newer came', async () => {
    const { cache, fanout, open } = await liveSide();
    const alice = open(fleet.aliceId);
    const previous = positionRecord({ id: vanLatest.id - 1, deviceId: fleet.van.id });
    showReplacedLatest(cache, fanout, fleet.van.id, vanLatest.id, previous);
    await fanout.idle();
    expect(alice.messages).toEqual([
      {
        devices: [expect.objectContaining({ id: fleet.van.id })],
        positions: [expect.objectContaining({ id: previous.id })],
      },
    ]);
    expect(cache.devices.get(fleet.van.id)?.last).toBe(previous);
    alice.messages.length = 0;
    // The deleted one was not the latest any more: nothing changes.
    showReplacedLatest(cache, fanout, fleet.van.id, vanLatest.id, null);
    await fanout.idle();
    expect(alice.messages).toEqual([]);
  });

  it('shows a batch another instance committed and prepares its greeting', async () => {
    const { cache, fanout, greeting, open } = await liveSide();
    const bob = open(fleet.bobId);
    const relayed = positionRecord({
      id: truckLatest.id + 500,
      deviceId: fleet.truck.id,
      fixTime: truckLatest.fixTime + 60_000,
    });
    const texts = {
      id: relayed.id,
      deviceId: relayed.deviceId,
      fixTime: relayed.fixTime,
      wire: Buffer.from(positionText(relayed)),
    };
    showRelayedBatch(cache, fanout, greeting, { positions: [texts], devices: [] });
    await fanout.idle();
    expect(ids(bob.messages[0]?.positions)).toEqual([relayed.id]);
    await new Promise((resolve) => setImmediate(resolve));
    const message = JSON.parse(
      String((await greeting.messages({ id: fleet.bobId, administrator: false }))[0]),
    ) as Message;
    expect(ids(message.positions)).toEqual([relayed.id]);
  });
});

describe('web notifications', () => {
  it('go to every socket of their user alone, counted', () => {
    const hub = new SocketHub();
    const [mine, again, other] = [socket(), socket(), socket()];
    hub.add(mine, 1, 'a');
    hub.add(again, 1, 'b');
    hub.add(other, 2, 'c');
    const counted: number[] = [];
    const event = (id: number, type: Event['type']): Event => ({
      id,
      type,
      eventTime: '2026-03-02T09:00:00.000Z',
      deviceId: 5,
      positionId: 0,
      geofenceId: 0,
      maintenanceId: 0,
      attributes: { message: 'Alarme' },
    });
    const events = [event(1, 'alarm'), event(2, 'ignitionOn')];
    deliverWebNotification(hub, 1, events, (count) => counted.push(count));
    expect(mine.messages).toEqual([{ events }]);
    expect(again.messages).toEqual(mine.messages);
    expect(other.messages).toEqual([]);
    expect(counted).toEqual([2]);
  });
});

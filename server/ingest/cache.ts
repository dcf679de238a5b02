import { sql, type Selectable } from 'kysely';
import type { DeviceStatus } from '../../model';
import { appliesToAllDevices } from '../../model/geofence';
import type { Db } from '../db/database';
import { parseAttributes } from '../db/json';
import type { DevicesTable, NotificationsTable, Tables } from '../db/schema';
import { linkSide, type Change } from '../changes';
import { CalendarSchedule } from '../processing/calendar';
import { compileAttribute, sortByPriority, type CompiledAttribute } from '../processing/computed';
import { parseDeviceState, type DeviceState } from '../processing/deviceState';
import { compileGeofence, type CompiledGeofence } from '../processing/geofences';
import type { AttributeSource } from '../processing/lookup';
import { isLatest, pipelineSettings, type DeviceContext } from '../processing/pipeline';
import {
  deviceFromRow,
  positionFromRow,
  positionFromTexts,
  type PositionTexts,
} from '../serialize';
import type { DeviceRecord, PositionRecord } from '../processing/types';
import { LinkIndex } from './links';
import { visibleDeviceIds } from '../permissions/visibility';
import { groupChain } from '../../model/groupChain';

/**
 * Everything the hot path reads, held in memory: devices with their pipeline state and latest
 * position, groups, geofences, computed attributes, notifications, calendars, the links between
 * them and the server attributes. Loaded once, then kept current from the change feed, so
 * processing a position never reads the database.
 */

/**
 * A device of a batch committed on another instance, as the cache takes it. The whole record
 * comes along only when its status changed (a device coming online: the one case this instance
 * may not know the device yet, since it was just created elsewhere).
 */
export interface RelayedDevice {
  id: number;
  status: DeviceStatus;
  lastUpdate: number | null;
  device: DeviceRecord | null;
}

export class DeviceEntry {
  context: DeviceContext | null = null;
  contextGeneration = -1;
  /** When `state` was last written to the database (ms), to bound how often it is. */
  stateSavedAt = 0;
  /** `state` changed since it was last written. */
  stateUnsaved = false;
  /**
   * When several instances share the database: the device row's version (`store.ts`,
   * `lockDevices`) that `state`, `last` and the server-managed device fields were read or written
   * at; null until this instance first locks the row.
   */
  version: string | null = null;
  private parsedLast: PositionRecord | null;
  /** The latest position as another instance relayed it, while nothing has read its record. */
  private relayedLast: PositionTexts | null = null;

  constructor(
    public device: DeviceRecord,
    public state: DeviceState,
    last: PositionRecord | null,
  ) {
    this.parsedLast = last;
  }

  /** The latest stored position (highest fix time), the "previous" for the next one. */
  get last(): PositionRecord | null {
    if (this.relayedLast) {
      this.parsedLast = positionFromTexts(this.relayedLast);
      this.relayedLast = null;
    }
    return this.parsedLast;
  }

  set last(position: PositionRecord | null) {
    this.parsedLast = position;
    this.relayedLast = null;
  }

  /**
   * The latest position as held: the relayed texts while unread, whose key (id, device, fix
   * time) and Traccar JSON are all the live side and the "newer wins" checks need. Each
   * instance sees every fix of the cluster, and in cluster mode the next fix here reads the
   * device's latest from its row anyway (another instance wrote it), so most relayed records are
   * never read: keeping them as text spares parsing them and collecting their objects.
   */
  get latest(): PositionRecord | PositionTexts | null {
    return this.relayedLast ?? this.parsedLast;
  }

  relayLatest(position: PositionTexts): void {
    this.relayedLast = position;
    this.parsedLast = null;
  }
}

export interface NotificationRecord {
  id: number;
  type: string;
  description: string | null;
  always: boolean;
  notificators: string[];
  calendarId: number;
  commandId: number;
  attributes: Record<string, unknown>;
}

export interface GroupRecord {
  id: number;
  name: string;
  groupId: number;
  attributes: Record<string, unknown>;
}

/** The configuration tables kept in memory and re-read row by row on change. */
type ReloadedTable = 'geofences' | 'attributes' | 'notifications' | 'calendars';

function notificationFromRow(row: Selectable<NotificationsTable>): NotificationRecord {
  return {
    id: row.id,
    type: row.type,
    description: row.description,
    always: Boolean(row.always),
    notificators: row.notificators
      .split(/[,\s]+/)
      .map((n) => n.trim())
      .filter((n) => n !== ''),
    calendarId: row.calendarId ?? 0,
    commandId: row.commandId ?? 0,
    attributes: parseAttributes(row.attributes),
  };
}

export class TrackingCache {
  readonly devices = new Map<number, DeviceEntry>();
  private readonly byUniqueId = new Map<string, DeviceEntry>();
  readonly groups = new Map<number, GroupRecord>();
  readonly geofences = new Map<number, CompiledGeofence>();
  private readonly anchors = new Map<number, Set<number>>();
  /**
   * "All my devices" geofences (`appliesToAllDevices`): those of an administrator owner apply to
   * every device; the others, by device, to the devices their owners see. Re-read from the
   * database whenever who sees what may have changed.
   */
  private readonly everyDeviceRules = new Set<number>();
  private readonly ruleCoverage = new Map<number, Set<number>>();
  private ruleCount = 0;
  readonly attributes = new Map<number, CompiledAttribute>();
  readonly notifications = new Map<number, NotificationRecord>();
  readonly calendars = new Map<number, CalendarSchedule | null>();
  readonly links = new LinkIndex();
  serverAttributes: Record<string, unknown> = {};
  /** Bumped on any change that can alter a device's context. */
  private generation = 0;
  private readonly lookups = new Map<string, Promise<DeviceEntry | null>>();
  private applied: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  async load(): Promise<void> {
    const { rows, lastById } = await this.readDevices();
    for (const row of rows) this.putDevice(row, lastById.get(row.id) ?? null);
    await this.loadConfiguration();
  }

  private async readDevices() {
    const rows = await this.db.kysely.selectFrom('devices').selectAll().execute();
    const latest = await this.db.kysely
      .selectFrom('positions')
      .innerJoin('devices', 'devices.positionId', 'positions.id')
      .selectAll('positions')
      .execute();
    const lastById = new Map(latest.map((row) => [row.deviceId, positionFromRow(row)]));
    return { rows, lastById };
  }

  /**
   * Re-reads every device after changes may have been missed (cluster mode: the link to the
   * other instances came back). Memory keeps what is newer than the rows (a fix being stored
   * here); devices gone from the database are dropped.
   */
  async refreshDevices(): Promise<void> {
    const { rows, lastById } = await this.readDevices();
    const seen = new Set<number>();
    for (const row of rows) {
      seen.add(row.id);
      const last = lastById.get(row.id) ?? null;
      const entry = this.devices.get(row.id);
      if (!entry) {
        this.putDevice(row, last);
        continue;
      }
      const fresh = deviceFromRow(row);
      if (fresh.uniqueId !== entry.device.uniqueId) {
        this.byUniqueId.delete(entry.device.uniqueId);
        this.byUniqueId.set(fresh.uniqueId, entry);
      }
      let positionId = entry.device.positionId;
      if (last && last.id !== entry.latest?.id && isLatest(last, entry.latest)) {
        entry.last = last;
        positionId = last.id;
      }
      const newer = (fresh.lastUpdate ?? 0) >= (entry.device.lastUpdate ?? 0);
      entry.device = {
        ...fresh,
        status: newer ? fresh.status : entry.device.status,
        lastUpdate: newer ? fresh.lastUpdate : entry.device.lastUpdate,
        positionId,
      };
      entry.contextGeneration = -1;
    }
    for (const entry of [...this.devices.values()]) {
      if (!seen.has(entry.device.id)) this.dropDevice(entry);
    }
  }

  /**
   * A batch another instance committed (cluster mode): status, last update and latest position
   * follow it, so the status sweep, the sockets' opening message and the next fix's "previous"
   * see what was stored there. Answers the positions that are now their device's latest here and
   * the devices as held here, for the live fan-out (an unknown device passes when the batch
   * carries its record).
   */
  applyRemoteBatch(
    positions: readonly PositionTexts[],
    devices: readonly RelayedDevice[],
  ): { positions: PositionTexts[]; devices: { device: DeviceRecord; statusChanged: boolean }[] } {
    const latest: PositionTexts[] = [];
    for (const position of positions) {
      const entry = this.devices.get(position.deviceId);
      if (entry) {
        // A newer fix already came in here: the map keeps showing that one.
        const held = entry.latest;
        if (held && (held.id === position.id || !isLatest(position, held))) continue;
        entry.relayLatest(position);
        entry.device.positionId = position.id;
      }
      latest.push(position);
    }
    const changed: { device: DeviceRecord; statusChanged: boolean }[] = [];
    for (const remote of devices) {
      const entry = this.devices.get(remote.id);
      if (!entry) {
        if (remote.device) changed.push({ device: remote.device, statusChanged: true });
        continue;
      }
      const mine = entry.device;
      // A later report here wins over an older state from there (a status timeout, say).
      if ((remote.lastUpdate ?? 0) < (mine.lastUpdate ?? 0)) continue;
      const statusChanged = mine.status !== remote.status;
      mine.status = remote.status;
      mine.lastUpdate = remote.lastUpdate;
      changed.push({ device: mine, statusChanged });
    }
    return { positions: latest, devices: changed };
  }

  /**
   * A device's latest position was deleted (here or on another instance): the one now latest
   * takes its place, unless a newer fix has arrived meanwhile. Answers the device entry when
   * memory changed.
   */
  replaceLatest(
    deviceId: number,
    previousId: number,
    latest: PositionRecord | null,
  ): DeviceEntry | null {
    const entry = this.devices.get(deviceId);
    if (!entry || (entry.latest !== null && entry.latest.id !== previousId)) return null;
    entry.last = latest;
    entry.device.positionId = latest?.id ?? 0;
    return entry;
  }

  /** Groups, geofences, computed attributes, notifications, calendars, links, server. */
  async loadConfiguration(): Promise<void> {
    await Promise.all([
      this.loadGroups(),
      this.loadGeofences(),
      this.loadAttributes(),
      this.loadNotifications(),
      // Calendars read floating times in the server's zone: its attributes come first.
      this.loadServer().then(() => this.loadCalendars()),
      this.links.load(this.db),
    ]);
    await this.loadRuleCoverage();
    this.generation++;
  }

  // ---------------------------------------------------------------- devices

  /**
   * The device for a `uniqueId`, from memory, else from the database (a device created outside
   * the API); null when unknown.
   */
  findDevice(uniqueId: string): DeviceEntry | null | Promise<DeviceEntry | null> {
    const entry = this.byUniqueId.get(uniqueId);
    if (entry) return entry;
    let pending = this.lookups.get(uniqueId);
    if (!pending) {
      pending = this.fetchDevice(uniqueId).finally(() => this.lookups.delete(uniqueId));
      this.lookups.set(uniqueId, pending);
    }
    return pending;
  }

  /** The id of the device for a `uniqueId`, as `findDevice` finds it (the live protocol logs). */
  findDeviceId(uniqueId: string): number | null | Promise<number | null> {
    const found = this.findDevice(uniqueId);
    return found instanceof Promise
      ? found.then((entry) => entry?.device.id ?? null)
      : (found?.device.id ?? null);
  }

  private async fetchDevice(uniqueId: string): Promise<DeviceEntry | null> {
    const row = await this.db.kysely
      .selectFrom('devices')
      .selectAll()
      .where('uniqueId', '=', uniqueId)
      .executeTakeFirst();
    if (!row) return null;
    return (
      this.byUniqueId.get(uniqueId) ?? this.putDevice(row, await this.fetchLast(row.positionId))
    );
  }

  private async fetchLast(positionId: number | null): Promise<PositionRecord | null> {
    if (positionId === null) return null;
    const row = await this.db.kysely
      .selectFrom('positions')
      .selectAll()
      .where('id', '=', positionId)
      .executeTakeFirst();
    return row ? positionFromRow(row) : null;
  }

  private putDevice(row: Selectable<DevicesTable>, last: PositionRecord | null): DeviceEntry {
    const entry = new DeviceEntry(deviceFromRow(row), parseDeviceState(row.state, row.id), last);
    this.devices.set(entry.device.id, entry);
    this.byUniqueId.set(entry.device.uniqueId, entry);
    return entry;
  }

  /** Re-reads a device row after an API edit, keeping what the pipeline owns. */
  private async reloadDevice(id: number): Promise<void> {
    const row = await this.db.kysely
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    const entry = this.devices.get(id);
    if (!row) {
      if (entry) this.dropDevice(entry);
      return;
    }
    if (!entry) {
      this.putDevice(row, await this.fetchLast(row.positionId));
      return;
    }
    const fresh = deviceFromRow(row);
    if (fresh.uniqueId !== entry.device.uniqueId) {
      this.byUniqueId.delete(entry.device.uniqueId);
      this.byUniqueId.set(fresh.uniqueId, entry);
    }
    // Status, last update and latest position are server-managed: memory is ahead of the row,
    // unless the API stored a newer latest position itself (accumulators do).
    let positionId = entry.device.positionId;
    if (fresh.positionId > positionId) {
      const last = await this.fetchLast(fresh.positionId);
      if (last) {
        entry.last = last;
        positionId = fresh.positionId;
      }
    }
    entry.device = {
      ...fresh,
      status: entry.device.status,
      lastUpdate: entry.device.lastUpdate,
      positionId,
    };
    entry.contextGeneration = -1;
  }

  private dropDevice(entry: DeviceEntry): void {
    this.devices.delete(entry.device.id);
    if (this.byUniqueId.get(entry.device.uniqueId) === entry) {
      this.byUniqueId.delete(entry.device.uniqueId);
    }
    this.links.forget('device', entry.device.id);
  }

  /** Disabled or expired devices are refused like unknown ones. */
  isUsable(entry: DeviceEntry, now: number): boolean {
    const { disabled, expirationTime } = entry.device;
    return !disabled && (expirationTime === null || expirationTime > now);
  }

  // ---------------------------------------------------------------- derived per device

  /** The device's group and its parents, nearest first, at most three, without cycles. */
  groupChain(groupId: number): number[] {
    return groupChain(groupId, (id) => this.groups.get(id)?.groupId);
  }

  /** Ids of `property` linked to the device itself or to its group chain. */
  linkedToDevice(
    property: 'geofence' | 'attribute' | 'notification',
    deviceId: number,
    groupId: number,
  ): Set<number> {
    const ids = new Set(this.links.of('device', property, deviceId));
    for (const id of this.groupChain(groupId)) {
      for (const linked of this.links.of('group', property, id)) ids.add(linked);
    }
    return ids;
  }

  /**
   * The geofences a device's positions are checked against: linked to it or its groups, plus its
   * anchor geofences. The geofence coverage answer reads the same rule.
   */
  geofenceIdsOf(deviceId: number, groupId: number): Set<number> {
    const ids = this.linkedToDevice('geofence', deviceId, groupId);
    for (const id of this.anchors.get(deviceId) ?? []) ids.add(id);
    for (const id of this.everyDeviceRules) ids.add(id);
    for (const id of this.ruleCoverage.get(deviceId) ?? []) ids.add(id);
    return ids;
  }

  context(entry: DeviceEntry): DeviceContext {
    if (entry.context && entry.contextGeneration === this.generation) return entry.context;
    const { device } = entry;
    const chain = this.groupChain(device.groupId);
    const sources: AttributeSource[] = [
      device.attributes,
      ...chain.map((id) => this.groups.get(id)?.attributes),
      this.serverAttributes,
    ];
    const geofenceIds = this.geofenceIdsOf(device.id, device.groupId);
    const attributeIds = this.linkedToDevice('attribute', device.id, device.groupId);
    const computed = sortByPriority(
      [...attributeIds].flatMap((id) => this.attributes.get(id) ?? []),
    );
    entry.context = {
      deviceId: device.id,
      sources,
      deviceAttributes: device.attributes,
      geofences: [...geofenceIds].flatMap((id) => this.geofences.get(id) ?? []),
      early: computed.filter((a) => a.priority < 0),
      late: computed.filter((a) => a.priority >= 0),
      settings: pipelineSettings(sources),
    };
    entry.contextGeneration = this.generation;
    return entry.context;
  }

  /** Whether a geofence's calendar (if any) is active at a time; unknown geofences are. */
  geofenceActive(geofenceId: number, time: number): boolean {
    const calendarId = this.geofences.get(geofenceId)?.calendarId ?? 0;
    return this.calendarActive(calendarId, time);
  }

  /** No calendar (0) is always active; an unreadable calendar never is. */
  calendarActive(calendarId: number, time: number): boolean {
    if (calendarId === 0 || !this.calendars.has(calendarId)) return true;
    return this.calendars.get(calendarId)?.isActive(time) ?? false;
  }

  // ---------------------------------------------------------------- loading

  private async loadGroups(): Promise<void> {
    const rows = await this.db.kysely.selectFrom('groups').selectAll().execute();
    this.groups.clear();
    for (const row of rows) {
      this.groups.set(row.id, {
        id: row.id,
        name: row.name,
        groupId: row.groupId ?? 0,
        attributes: parseAttributes(row.attributes),
      });
    }
  }

  /**
   * Re-reads one row (or, without `id`, the whole table) into `map`; `entry` turns a row into what
   * is kept, `undefined` for a row that is not kept.
   */
  private async reload<T extends ReloadedTable, V>(
    table: T,
    map: Map<number, V>,
    id: number | undefined,
    entry: (row: Selectable<Tables[T]>) => V | undefined,
  ): Promise<void> {
    let query = this.db.kysely.selectFrom(table as ReloadedTable).selectAll();
    if (id !== undefined) query = query.where('id', '=', id);
    const rows = (await query.execute()) as (Selectable<Tables[T]> & { id: number })[];
    if (id === undefined) map.clear();
    else map.delete(id);
    for (const row of rows) {
      const value = entry(row);
      if (value !== undefined) map.set(row.id, value);
    }
  }

  private async loadGeofences(id?: number): Promise<void> {
    await this.reload('geofences', this.geofences, id, (row) =>
      compileGeofence({ ...row, attributes: parseAttributes(row.attributes) }),
    );
    this.indexAnchors();
  }

  /**
   * Which devices the "all my devices" geofences apply to: the devices their owners (the users
   * linked to them) see, read as every list reads visibility, so a device a user adds or is given
   * later is covered as soon as its change arrives.
   */
  private async loadRuleCoverage(): Promise<void> {
    const ruleIds = [...this.geofences.values()]
      .filter((geofence) => appliesToAllDevices(geofence.attributes))
      .map((geofence) => geofence.id);
    const everyDevice = new Set<number>();
    const byDevice = new Map<number, Set<number>>();
    if (ruleIds.length > 0) {
      const { rows } = await sql<{ userId: number; geofenceId: number; administrator: unknown }>`
        select ug.user_id as "userId", ug.geofence_id as "geofenceId", u.administrator
        from user_geofence ug join users u on u.id = ug.user_id
        where ug.geofence_id in (${sql.join(ruleIds)})`.execute(this.db.kysely);
      const rulesOf = new Map<number, number[]>();
      for (const row of rows) {
        const geofenceId = Number(row.geofenceId);
        if (row.administrator === true || Number(row.administrator) === 1) {
          everyDevice.add(geofenceId);
          continue;
        }
        const userId = Number(row.userId);
        rulesOf.set(userId, [...(rulesOf.get(userId) ?? []), geofenceId]);
      }
      for (const [userId, geofenceIds] of rulesOf) {
        for (const deviceId of await visibleDeviceIds(this.db, userId, false)) {
          let set = byDevice.get(deviceId);
          if (!set) byDevice.set(deviceId, (set = new Set()));
          for (const id of geofenceIds) set.add(id);
        }
      }
    }
    this.ruleCount = ruleIds.length;
    this.everyDeviceRules.clear();
    for (const id of everyDevice) this.everyDeviceRules.add(id);
    this.ruleCoverage.clear();
    for (const [deviceId, ids] of byDevice) this.ruleCoverage.set(deviceId, ids);
  }

  /** Whether a change can alter which devices an "all my devices" geofence applies to. */
  private changesRuleCoverage(change: Change): boolean {
    // Without such a geofence only a geofence change can bring one.
    if (this.ruleCount === 0 && change.kind !== 'geofence') return false;
    switch (change.kind) {
      case 'geofence':
      case 'device':
      case 'group':
      case 'user':
      case 'resync':
        return true;
      case 'permission':
        return linkSide(change.owner) === 'user' || linkSide(change.property) === 'user';
      default:
        return false;
    }
  }

  /** Anchor geofences (`isAnchor`, `deviceId`) apply to their device even before it is linked. */
  private indexAnchors(): void {
    this.anchors.clear();
    for (const geofence of this.geofences.values()) {
      const { isAnchor, deviceId } = geofence.attributes;
      if ((isAnchor === true || isAnchor === 'true') && typeof deviceId === 'number') {
        let set = this.anchors.get(deviceId);
        if (!set) this.anchors.set(deviceId, (set = new Set()));
        set.add(geofence.id);
      }
    }
  }

  private loadAttributes(id?: number): Promise<void> {
    return this.reload(
      'attributes',
      this.attributes,
      id,
      (row) => compileAttribute(row) ?? undefined,
    );
  }

  private loadNotifications(id?: number): Promise<void> {
    return this.reload('notifications', this.notifications, id, notificationFromRow);
  }

  /** An unreadable calendar is kept as null: it is never active. */
  private loadCalendars(id?: number): Promise<void> {
    const zone = this.serverAttributes.timezone;
    const floatingZone = typeof zone === 'string' ? zone : undefined;
    return this.reload('calendars', this.calendars, id, (row) =>
      CalendarSchedule.fromBase64(row.data, { floatingZone }),
    );
  }

  private async loadServer(): Promise<void> {
    const row = await this.db.kysely
      .selectFrom('servers')
      .select('attributes')
      .where('id', '=', 1)
      .executeTakeFirst();
    this.serverAttributes = parseAttributes(row?.attributes);
  }

  // ---------------------------------------------------------------- change feed

  /** The reader of each kind whose changes re-read one row (and drop its links on delete). */
  private readonly reloadOne = {
    geofence: (id: number) => this.loadGeofences(id),
    attribute: (id: number) => this.loadAttributes(id),
    notification: (id: number) => this.loadNotifications(id),
  };

  /**
   * Applies a change from the feed, one after another in the order they arrived: two applies that
   * overlapped could each re-read the rule coverage, and the one that read first could finish
   * last and put back what the other had just corrected. Answers built from the cache's rules
   * (geofence coverage) wait for `settled()`, so a save is part of the next request's answer on
   * this instance.
   */
  apply(change: Change): Promise<void> {
    const run = this.applied.then(() => this.applyNow(change));
    this.applied = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every change received so far has been applied (or has failed). */
  settled(): Promise<void> {
    return this.applied;
  }

  private async applyNow(change: Change): Promise<void> {
    // Who sees a device follows its group: an edit that keeps the group (a name, a driver checked
    // in, its odometer) leaves the "all my devices" geofences covering what they covered.
    let coverageKept = false;
    switch (change.kind) {
      case 'device':
        if (change.action === 'delete') {
          const entry = this.devices.get(change.id);
          if (entry) this.dropDevice(entry);
        } else {
          const before = this.devices.get(change.id)?.device.groupId;
          await this.reloadDevice(change.id);
          coverageKept =
            before !== undefined && before === this.devices.get(change.id)?.device.groupId;
        }
        break;
      case 'group':
        await this.loadGroups();
        if (change.action === 'delete') {
          this.links.forget('group', change.id);
          // A deleted group is unset on its devices by the database; re-read them.
          for (const entry of [...this.devices.values()]) {
            if (entry.device.groupId === change.id) await this.reloadDevice(entry.device.id);
          }
        }
        break;
      case 'geofence':
      case 'attribute':
      case 'notification':
        await this.reloadOne[change.kind](change.id);
        if (change.action === 'delete') this.links.forget(change.kind, change.id);
        break;
      case 'calendar':
        await this.loadCalendars(change.id);
        // Calendar deletion unsets `calendar_id` on geofences and notifications.
        if (change.action === 'delete') {
          await Promise.all([this.loadGeofences(), this.loadNotifications()]);
        }
        break;
      case 'user':
        if (change.action === 'delete') this.links.forget('user', change.id);
        break;
      case 'permission':
        this.links.apply(
          linkSide(change.owner),
          linkSide(change.property),
          change.ownerId,
          change.propertyId,
          change.action === 'link',
        );
        break;
      case 'server': {
        const zone = this.serverAttributes.timezone;
        await this.loadServer();
        if (this.serverAttributes.timezone !== zone) await this.loadCalendars();
        break;
      }
      case 'resync':
        await Promise.all([this.loadConfiguration(), this.refreshDevices()]);
        break;
      default:
        return;
    }
    if (change.kind !== 'resync' && !coverageKept && this.changesRuleCoverage(change)) {
      await this.loadRuleCoverage();
    }
    this.generation++;
  }
}

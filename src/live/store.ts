import type { Device } from '../../model/device';
import type { Event } from '../../model/event';
import type { Position } from '../../model/position';
import { isDeletedUniqueId } from '../../model/device';
import { fixTimeMs } from './fixTime';
import { createInputYield } from './inputPriority';

/** What the socket sends: each key optional, each array possibly long. */
export interface LiveMessage {
  devices?: Device[];
  positions?: Position[];
  events?: Event[];
  /** Devices the user no longer sees (unlinked, moved out of their group, deleted). */
  removedDevices?: number[];
}

/** What one flush changed; layers use it to animate only what moved. */
export interface FlushChanges {
  devices: ReadonlySet<number>;
  positions: ReadonlySet<number>;
  removed: ReadonlySet<number>;
  events: readonly Event[];
  /** Positions whose device the store does not know yet. */
  unknownDeviceIds: readonly number[];
  /**
   * Every position that arrived carrying a device's answer to a command (`attributes.result`),
   * in arrival order: kept apart because a newer fix of the same device in the same frame takes
   * its place among the latest positions, and the answer would otherwise never be seen.
   */
  results: readonly Position[];
}

export interface LiveState {
  readonly devices: ReadonlyMap<number, Device>;
  readonly positions: ReadonlyMap<number, Position>;
  /** Newest last, bounded by `MAX_EVENTS`. */
  readonly events: readonly Event[];
  /** Bumped by every flush. */
  readonly version: number;
  /** Bumped `VIEW_DELAY_MS` after devices or positions change (the device refresh delay). */
  readonly viewVersion: number;
  /**
   * The devices whose record or position changed since the previous view version, or null when
   * devices came or went (or a resync replaced them): views then look at every device.
   */
  readonly viewChanged: ReadonlySet<number> | null;
  /**
   * The devices changed in the view versions after `version` (up to the store's latest), or null
   * when that is unknown: devices came or went, a resync, or too many versions ago. A view
   * computed over several refreshes (a big fleet's, in slices) catches up with it.
   */
  readonly changedSince: (version: number) => ReadonlySet<number> | null;
  /**
   * The first resync (the devices and every latest position) has been applied: what the store
   * holds is the fleet, not a part of it.
   */
  readonly synced: boolean;
}

export type Schedule = (run: () => void) => void;

interface LiveStoreOptions {
  /** Runs a flush once per animation frame by default. */
  schedule?: Schedule;
  /** Delays the view refresh; `setTimeout` by default. */
  delay?: (run: () => void, ms: number) => void;
}

export const MAX_EVENTS = 100;
export const VIEW_DELAY_MS = 500;
/** View versions whose changes `changedSince` remembers: 16 s of refreshes. */
const VIEW_LOG = 32;

const fixTimeOf = (position: Position | undefined): number =>
  position ? fixTimeMs(position) || 0 : -Infinity;

const isNewer = (next: Position, current: Position | undefined): boolean =>
  fixTimeOf(next) >= fixTimeOf(current);

/**
 * The same stored fix again: at sign-in the socket's first message and the REST load both carry
 * every latest position, and the second copy should not move (or re-render) anything.
 */
const sameFix = (next: Position, current: Position | undefined): boolean =>
  current !== undefined &&
  next.id === current.id &&
  next.fixTime === current.fixTime &&
  next.serverTime === current.serverTime;

/** A position carrying a device's answer to a command (Traccar's `result` attribute). */
export const isCommandResult = (position: Position): boolean => {
  const result = position.attributes?.result;
  return (typeof result === 'string' && result !== '') || typeof result === 'number';
};

const yieldToInput = createInputYield();

/**
 * rAF when the page is visible (a frame or two later while a keystroke is shown); a timer
 * keeps hidden tabs from piling up updates.
 */
const frameSchedule: Schedule = (run) => {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  if (typeof requestAnimationFrame === 'function') {
    const frame = () => (yieldToInput() ? requestAnimationFrame(frame) : once());
    requestAnimationFrame(frame);
  }
  setTimeout(once, 100);
};

/**
 * The normalized live data (devices, latest positions, recent events) kept outside React.
 * Socket messages are queued and applied in one flush per animation frame; positions for the
 * same device coalesce to the newest fix, so a hidden tab cannot grow the queue without bound.
 */
export class LiveStore {
  private readonly devices = new Map<number, Device>();
  private readonly positions = new Map<number, Position>();
  private events: Event[] = [];
  private version = 0;
  private viewVersion = 0;
  private viewChanged: ReadonlySet<number> | null = null;
  private synced = false;
  /** Devices changed since the last view version. */
  private pendingView = new Set<number>();
  /** What each recent view version changed, oldest first. */
  private viewLog: { version: number; changed: ReadonlySet<number> | null }[] = [];
  private snapshot: LiveState;

  private pendingDevices = new Map<number, Device>();
  private pendingPositions = new Map<number, Position>();
  private pendingEvents: Event[] = [];
  private pendingResults: Position[] = [];
  private pendingRemovals = new Set<number>();
  private pendingResync: { devices: Device[]; positions: Position[] } | null = null;
  private flushScheduled = false;
  private viewScheduled = false;

  private readonly listeners = new Set<(changes: FlushChanges) => void>();
  private readonly schedule: Schedule;
  private readonly delay: (run: () => void, ms: number) => void;

  constructor(options: LiveStoreOptions = {}) {
    this.schedule = options.schedule ?? frameSchedule;
    this.delay = options.delay ?? ((run, ms) => void setTimeout(run, ms));
    this.snapshot = this.makeSnapshot();
  }

  getState = (): LiveState => this.snapshot;

  subscribe = (listener: (changes: FlushChanges) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  enqueue(message: LiveMessage): void {
    // In message order: a device removed and given back within one frame stays.
    if (this.pendingRemovals.size > 0) this.keepGivenBack(message);
    message.devices?.forEach((device) => this.pendingDevices.set(device.id, device));
    message.positions?.forEach((position) => {
      const pending = this.pendingPositions.get(position.deviceId);
      // Fix times are compared only between two fixes of one device in the queue (rare): the
      // socket's first message carries every device's latest fix at once.
      if (!pending || isNewer(position, pending)) {
        this.pendingPositions.set(position.deviceId, position);
      }
      if (isCommandResult(position)) this.pendingResults.push(position);
    });
    if (message.events?.length) this.pendingEvents.push(...message.events);
    message.removedDevices?.forEach((id) => {
      this.pendingDevices.delete(id);
      this.pendingPositions.delete(id);
      this.pendingRemovals.add(id);
    });
    this.requestFlush();
  }

  /** The REST lists after (re)connecting: devices replace the set, positions merge by fix time. */
  resync(devices: Device[], positions: Position[]): void {
    this.pendingResync = { devices, positions };
    this.requestFlush();
  }

  /** Applies everything queued now (tests, and callers that cannot wait for a frame). */
  flush(): void {
    this.flushScheduled = false;
    const devices = new Set<number>();
    const positions = new Set<number>();
    const removed = new Set<number>();
    const sizeBefore = this.devices.size;
    const resynced = this.pendingResync !== null;
    if (this.pendingResync) this.applyResync(this.pendingResync, devices, positions, removed);
    this.pendingResync = null;
    let added = this.devices.size !== sizeBefore;
    this.pendingDevices.forEach((device) => {
      added ||= !this.devices.has(device.id);
      if (this.putDevice(device)) devices.add(device.id);
      else if (this.devices.delete(device.id)) removed.add(device.id);
    });
    this.pendingPositions.forEach((position) => {
      if (this.putPosition(position)) positions.add(position.deviceId);
    });
    this.pendingRemovals.forEach((id) => {
      const hadDevice = this.devices.delete(id);
      const hadPosition = this.positions.delete(id);
      if (hadDevice || hadPosition) removed.add(id);
    });
    const events = this.pendingEvents;
    if (events.length) this.events = [...this.events, ...events].slice(-MAX_EVENTS);
    // A device no longer seen takes its answers with it.
    const results = this.pendingResults.filter((position) => !removed.has(position.deviceId));
    this.pendingDevices = new Map();
    this.pendingPositions = new Map();
    this.pendingEvents = [];
    this.pendingResults = [];
    this.pendingRemovals = new Set();

    const unknownDeviceIds = [...positions].filter((id) => !this.devices.has(id));
    // The first resync is news even when it brings nothing: an empty fleet is loaded too.
    const firstSync = resynced && !this.synced;
    this.synced ||= resynced;
    const changed =
      devices.size + positions.size + removed.size + events.length + results.length > 0 ||
      firstSync;
    if (!changed) return;
    this.version += 1;
    // A new or vanished device, or a resync, shows at once; updates wait for the refresh delay.
    if (added || removed.size || resynced) {
      this.bumpView(null);
    } else if (devices.size || positions.size) {
      devices.forEach((id) => this.pendingView.add(id));
      positions.forEach((id) => this.pendingView.add(id));
      this.requestViewRefresh();
    }
    this.snapshot = this.makeSnapshot();
    const changes: FlushChanges = {
      devices,
      positions,
      removed,
      events,
      unknownDeviceIds,
      results,
    };
    this.listeners.forEach((listener) => listener(changes));
  }

  /** Removals queued in this frame that a later message undoes. */
  private keepGivenBack({ devices, positions }: LiveMessage): void {
    devices?.forEach((device) => this.pendingRemovals.delete(device.id));
    positions?.forEach((position) => this.pendingRemovals.delete(position.deviceId));
  }

  private applyResync(
    resync: { devices: Device[]; positions: Position[] },
    devices: Set<number>,
    positions: Set<number>,
    removed: Set<number>,
  ): void {
    // The first load has nothing to remove: it skips a set of the whole fleet.
    const keep = this.devices.size > 0 ? new Set<number>() : null;
    resync.devices.forEach((device) => {
      if (this.putDevice(device)) {
        keep?.add(device.id);
        devices.add(device.id);
      }
    });
    if (keep) {
      [...this.devices.keys()].forEach((id) => {
        if (keep.has(id)) return;
        this.devices.delete(id);
        this.positions.delete(id);
        removed.add(id);
      });
    }
    resync.positions.forEach((position) => {
      if (this.putPosition(position)) positions.add(position.deviceId);
    });
  }

  private putDevice(device: Device): boolean {
    if (isDeletedUniqueId(device.uniqueId)) return false;
    this.devices.set(device.id, device);
    return true;
  }

  private putPosition(position: Position): boolean {
    const current = this.positions.get(position.deviceId);
    // A device's first position (the whole fleet at sign-in): nothing to compare it with.
    if (current === undefined) {
      this.positions.set(position.deviceId, position);
      return true;
    }
    // The same stored fix (text compares) before reading any date: at sign-in every latest fix
    // comes twice, and the second copy is answered without parsing tens of thousands of dates.
    if (current === position || sameFix(position, current) || !isNewer(position, current)) {
      return false;
    }
    this.positions.set(position.deviceId, position);
    return true;
  }

  private requestFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    this.schedule(() => {
      if (this.flushScheduled) this.flush();
    });
  }

  /** At most one refresh per delay window, however many flushes land inside it. */
  private requestViewRefresh(): void {
    if (this.viewScheduled) return;
    this.viewScheduled = true;
    this.delay(() => {
      this.viewScheduled = false;
      this.bumpView(this.pendingView);
      this.snapshot = this.makeSnapshot();
      const none = new Set<number>();
      const changes = { devices: none, positions: none, removed: none, events: [] };
      this.listeners.forEach((listener) =>
        listener({ ...changes, unknownDeviceIds: [], results: [] }),
      );
    }, VIEW_DELAY_MS);
  }

  /** A new view version, with what changed since the last one (null: look at everything). */
  private bumpView(changed: ReadonlySet<number> | null): void {
    this.viewVersion += 1;
    this.viewChanged = changed;
    this.pendingView = new Set();
    this.viewLog.push({ version: this.viewVersion, changed });
    if (this.viewLog.length > VIEW_LOG) this.viewLog.shift();
  }

  private changedSince = (version: number): ReadonlySet<number> | null => {
    if (version === this.viewVersion) return new Set();
    const log = this.viewLog;
    const from = log.findIndex((entry) => entry.version === version + 1);
    if (from === -1) return null;
    // The usual refresh: one version on, its own set.
    if (from === log.length - 1) return log[from].changed;
    const changed = new Set<number>();
    for (let i = from; i < log.length; i++) {
      const entry = log[i].changed;
      if (!entry) return null;
      entry.forEach((id) => changed.add(id));
    }
    return changed;
  };

  private makeSnapshot(): LiveState {
    return {
      devices: this.devices,
      positions: this.positions,
      events: this.events,
      version: this.version,
      viewVersion: this.viewVersion,
      viewChanged: this.viewChanged,
      changedSince: this.changedSince,
      synced: this.synced,
    };
  }
}

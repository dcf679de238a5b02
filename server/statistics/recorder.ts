import { STATISTICS_COUNTERS, type StatisticsCounter } from '../../model';
/**
 * Server usage counted in memory as it happens (Traccar's statistics): authenticated API
 * requests and the users behind them, device messages received and positions stored (with the
 * devices and protocols), mail and SMS sent. Recording is a few map and number updates, never a
 * database write; `StatisticsStore.flush` adds what was counted to the day's row every minute and
 * on shutdown. Days are the server's local days, as Traccar splits them.
 */

/** What one day gathered since the last flush. */
export interface DayCounts {
  /** Start of the day (ms). */
  day: number;
  counts: Record<StatisticsCounter, number>;
  users: Set<number>;
  /** Device id → protocol of its last stored position. */
  devices: Map<number, string | null>;
}

/** Where ingest reports messages (the ingest folder knows only this shape). */
export interface MessageCounter {
  received(): void;
  stored(deviceId: number, protocol: string | null): void;
}

/** The local midnight starting the day of `time`. */
export function dayStart(time: number): number {
  const date = new Date(time);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

const emptyCounts = (): Record<StatisticsCounter, number> =>
  Object.fromEntries(STATISTICS_COUNTERS.map((name) => [name, 0])) as Record<
    StatisticsCounter,
    number
  >;

export class StatisticsRecorder implements MessageCounter {
  private readonly days = new Map<number, DayCounts>();
  /** The day being counted and when it ends, so most calls skip the date arithmetic. */
  private current: DayCounts | null = null;
  private currentEnd = 0;
  /**
   * The users and devices already written as active on `written.day`: a big fleet reports every
   * minute, and writing its ten thousand ids again at every flush would hold the database (and,
   * on SQLite, the event loop) for nothing.
   */
  private written = { day: 0, users: new Set<number>(), devices: new Set<number>() };

  constructor(private readonly now: () => number = Date.now) {}

  private today(): DayCounts {
    const now = this.now();
    if (this.current && now < this.currentEnd && now >= this.current.day) return this.current;
    const day = dayStart(now);
    let counts = this.days.get(day);
    if (!counts) {
      counts = { day, counts: emptyCounts(), users: new Set(), devices: new Map() };
      this.days.set(day, counts);
    }
    this.current = counts;
    // The next local midnight (23 or 25 hours away on a daylight-saving change).
    this.currentEnd = dayStart(day + 36 * 3_600_000);
    return counts;
  }

  count(name: StatisticsCounter, by = 1): void {
    this.today().counts[name] += by;
  }

  /**
   * A notification channel delivered a message. SMS is counted here; mail is counted where every
   * mail goes out, at the mailer, so that recovery mail counts too.
   */
  delivered(channel: string): void {
    if (channel === 'sms') this.count('smsSent');
  }

  /** An authenticated API request by this user. */
  request(userId: number): void {
    const today = this.today();
    today.counts.requests += 1;
    if (this.written.day !== today.day || !this.written.users.has(userId)) today.users.add(userId);
  }

  received(): void {
    this.today().counts.messagesReceived += 1;
  }

  stored(deviceId: number, protocol: string | null): void {
    const today = this.today();
    today.counts.messagesStored += 1;
    if (this.written.day !== today.day || !this.written.devices.has(deviceId)) {
      today.devices.set(deviceId, protocol);
    }
  }

  /** Hands over everything counted so far and starts again from zero. */
  take(): DayCounts[] {
    const taken = [...this.days.values()];
    this.days.clear();
    this.current = null;
    return taken;
  }

  /** A day's active ids reached the database: they need not be written again that day. */
  markWritten(day: DayCounts): void {
    if (day.day < this.written.day) return;
    if (day.day > this.written.day) {
      this.written = { day: day.day, users: new Set(), devices: new Set() };
    }
    for (const id of day.users) this.written.users.add(id);
    for (const id of day.devices.keys()) this.written.devices.add(id);
  }

  /** Puts back counts a failed flush could not write, to be tried with the next one. */
  restore(taken: readonly DayCounts[]): void {
    for (const old of taken) {
      const counts = this.days.get(old.day);
      if (!counts) {
        this.days.set(old.day, old);
        continue;
      }
      for (const name of STATISTICS_COUNTERS) counts.counts[name] += old.counts[name];
      for (const id of old.users) counts.users.add(id);
      for (const [id, protocol] of old.devices) {
        if (!counts.devices.has(id)) counts.devices.set(id, protocol);
      }
    }
    this.current = null;
  }
}

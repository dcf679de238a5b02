import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../server/db/database';
import { StatisticsRecorder, dayStart } from '../../../../server/statistics/recorder';
import { flushStatistics, listStatistics } from '../../../../server/statistics/store';
import { closeTarget, openMigrated, postgresTarget, sqliteTarget } from '../../../support/dialects';

const DAY = 86_400_000;

describe('the statistics recorder', () => {
  it('starts a new day at local midnight and hands over what it counted once', () => {
    let now = new Date(2026, 4, 10, 23, 59).getTime();
    const recorder = new StatisticsRecorder(() => now);
    recorder.request(1);
    recorder.request(1);
    recorder.stored(7, 'osmand');
    now = new Date(2026, 4, 11, 0, 1).getTime();
    recorder.request(2);
    recorder.count('mailSent');
    const days = recorder.take();
    expect(days.map((d) => [d.day, d.counts.requests, d.counts.mailSent, d.users.size])).toEqual([
      [new Date(2026, 4, 10).getTime(), 2, 0, 1],
      [new Date(2026, 4, 11).getTime(), 1, 1, 1],
    ]);
    expect(days[0].devices).toEqual(new Map([[7, 'osmand']]));
    expect(recorder.take()).toEqual([]);
  });

  it("writes a day's active devices and users once, and again the next day", () => {
    let now = new Date(2026, 4, 10, 10, 0).getTime();
    const recorder = new StatisticsRecorder(() => now);
    recorder.stored(7, 'gt06');
    recorder.request(1);
    const [first] = recorder.take();
    recorder.markWritten(first);
    // The same fleet an hour later: counted, but its ids are already stored for the day.
    now += 3_600_000;
    recorder.stored(7, 'gt06');
    recorder.stored(8, 'gt06');
    recorder.request(1);
    const [second] = recorder.take();
    expect(second.counts.messagesStored).toBe(2);
    expect([...second.devices.keys()]).toEqual([8]);
    expect(second.users.size).toBe(0);
    recorder.markWritten(second);
    now = new Date(2026, 4, 11, 10, 0).getTime();
    recorder.stored(7, 'gt06');
    const [next] = recorder.take();
    expect([...next.devices.keys()]).toEqual([7]);
  });
});

describe.each([sqliteTarget(), postgresTarget()])('statistics storage on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await openMigrated(target);
  }, 60_000);
  afterAll(async () => {
    await closeTarget(target, db);
  });

  it('adds the counts of several instances into one row per day, users counted once', async () => {
    const now = Date.now();
    const one = new StatisticsRecorder(() => now);
    const two = new StatisticsRecorder(() => now);
    one.request(1);
    one.request(2);
    one.stored(10, 'osmand');
    two.request(2);
    two.request(3);
    two.stored(10, 'osmand');
    two.stored(11, 'h02');
    two.received();
    await flushStatistics(db, one, now);
    await flushStatistics(db, two, now);
    const [row] = await listStatistics(db, dayStart(now), now);
    expect(row).toMatchObject({
      captureTime: new Date(dayStart(now)).toISOString(),
      requests: 4,
      activeUsers: 3,
      activeDevices: 2,
      messagesStored: 3,
      messagesReceived: 1,
      protocols: { osmand: 1, h02: 1 },
    });
  });

  it('folds a finished day into its row and keeps its totals', async () => {
    const old = dayStart(Date.now()) - 3 * DAY + 3_600_000;
    const recorder = new StatisticsRecorder(() => old);
    recorder.request(5);
    recorder.request(6);
    recorder.stored(20, 'osmand');
    await flushStatistics(db, recorder, old);
    const before = await listStatistics(db, dayStart(old), dayStart(old));
    expect(before[0]).toMatchObject({ activeUsers: 2, activeDevices: 1, requests: 2 });
    // The next flush, on a later day, folds it; a second one changes nothing.
    await flushStatistics(db, new StatisticsRecorder(), Date.now());
    await flushStatistics(db, new StatisticsRecorder(), Date.now());
    const left = await db.kysely
      .selectFrom('statisticsActive')
      .selectAll()
      .where('captureTime', '=', dayStart(old))
      .execute();
    expect(left).toEqual([]);
    expect(await listStatistics(db, dayStart(old), dayStart(old))).toEqual(before);
  });
});

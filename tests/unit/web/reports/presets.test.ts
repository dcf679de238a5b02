import { presetRange, weekStartFor } from '../../../../src/reports/presets';

const parts = (date: Date) => [
  date.getFullYear(),
  date.getMonth(),
  date.getDate(),
  date.getHours(),
  date.getMinutes(),
  date.getSeconds(),
  date.getMilliseconds(),
];

describe('report presets (local time zone)', () => {
  const now = new Date(2025, 2, 10, 15, 42, 7); // 10 March 2025, 15:42 local

  it('today runs from local midnight to the last millisecond of the day', () => {
    const { from, to } = presetRange('today', now);
    expect(parts(from)).toEqual([2025, 2, 10, 0, 0, 0, 0]);
    expect(parts(to)).toEqual([2025, 2, 10, 23, 59, 59, 999]);
  });

  it('yesterday is the whole previous day, also across a month boundary', () => {
    const { from, to } = presetRange('yesterday', new Date(2025, 2, 1, 0, 0, 0, 1));
    expect(parts(from)).toEqual([2025, 1, 28, 0, 0, 0, 0]);
    expect(parts(to)).toEqual([2025, 1, 28, 23, 59, 59, 999]);
  });

  it.each([
    ['last7', 6, [2025, 2, 4]],
    ['last30', 29, [2025, 1, 9]],
    ['last90', 89, [2024, 11, 11]],
  ] as const)('%s starts at midnight %i days ago and ends today', (preset, _, start) => {
    const { from, to } = presetRange(preset, now);
    expect(parts(from)).toEqual([...start, 0, 0, 0, 0]);
    expect(parts(to)).toEqual([2025, 2, 10, 23, 59, 59, 999]);
  });

  it('keeps whole local days over a daylight-saving change (calendar arithmetic)', () => {
    const { from } = presetRange('last7', new Date(2025, 9, 30, 12)); // spans late-October changes
    expect(from.getHours()).toBe(0);
    expect(from.getDate()).toBe(24);
  });

  it('takes whole days in the given zone, whatever zone the browser runs in', () => {
    // 24 Nov 2026, 20:27:04 in São Paulo (UTC-3, no daylight saving since 2019).
    const evening = new Date('2026-11-24T23:27:04Z');
    const today = presetRange('today', evening, 'America/Sao_Paulo');
    expect(today.from.toISOString()).toBe('2026-11-24T03:00:00.000Z');
    expect(today.to.toISOString()).toBe('2026-11-25T02:59:59.999Z');
    const tokyo = presetRange('yesterday', evening, 'Asia/Tokyo'); // already 25 Nov there
    expect(tokyo.from.toISOString()).toBe('2026-11-23T15:00:00.000Z');
    expect(tokyo.to.toISOString()).toBe('2026-11-24T14:59:59.999Z');
  });

  it('this week and month are calendar weeks and months; the week start follows the locale', () => {
    const tuesday = new Date('2026-11-24T15:00:00Z');
    const zone = 'America/Sao_Paulo';
    expect(presetRange('thisWeek', tuesday, zone, 0).from.toISOString()).toBe(
      '2026-11-22T03:00:00.000Z', // Sunday
    );
    expect(presetRange('thisWeek', tuesday, zone, weekStartFor('es-ES')).from.toISOString()).toBe(
      '2026-11-23T03:00:00.000Z', // Monday
    );
    const lastWeek = presetRange('lastWeek', tuesday, zone, 0);
    expect(lastWeek.from.toISOString()).toBe('2026-11-15T03:00:00.000Z');
    expect(lastWeek.to.toISOString()).toBe('2026-11-22T02:59:59.999Z');
    const lastMonth = presetRange('lastMonth', tuesday, zone);
    expect(lastMonth.from.toISOString()).toBe('2026-10-01T03:00:00.000Z');
    expect(lastMonth.to.toISOString()).toBe('2026-11-01T02:59:59.999Z');
    expect(presetRange('thisMonth', tuesday, zone).from.toISOString()).toBe(
      '2026-11-01T03:00:00.000Z',
    );
  });
});

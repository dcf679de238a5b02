import { formatDuration } from '../../../../src/reports/format';

describe('durations as h:mm', () => {
  it.each([
    [3_660_000, '1:01'],
    [0, '0:00'],
    [59_999, '0:00'],
    [60_000, '0:01'],
    [3_599_999, '0:59'],
    [25 * 3_600_000 + 5 * 60_000, '25:05'],
    [100 * 3_600_000, '100:00'],
    [-5, '0:00'],
    [Number.NaN, '0:00'],
    [null, '0:00'],
  ])('%s ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

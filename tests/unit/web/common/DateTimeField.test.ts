import { describe, expect, it, vi } from 'vitest';
import { fromDate } from '../../../../src/common/DateTimeField';

describe('a date typed into a picker', () => {
  it('is passed on once whole, and cleared as an empty text', () => {
    const onChange = vi.fn();
    fromDate(new Date(2030, 0, 7, 8, 0), "yyyy-MM-dd'T'HH:mm", onChange);
    fromDate(null, "yyyy-MM-dd'T'HH:mm", onChange);
    expect(onChange.mock.calls).toEqual([['2030-01-07T08:00'], ['']]);
  });

  it('is not passed on while its year is still being typed (2, 20, 203 on the way to 2030)', () => {
    // A calendar written with year 2 could not be read back: the schedule being edited was lost.
    const onChange = vi.fn();
    for (const year of [2, 20, 203]) {
      const date = new Date(2030, 0, 7, 8, 0);
      date.setFullYear(year);
      fromDate(date, "yyyy-MM-dd'T'HH:mm", onChange);
    }
    fromDate(new Date(Number.NaN), "yyyy-MM-dd'T'HH:mm", onChange);
    expect(onChange).not.toHaveBeenCalled();
  });
});

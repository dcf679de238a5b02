import { fromLocalInput, toLocalInput } from '../../../../src/common/localDateInput';

describe('report presets (local time zone)', () => {
  it('reads and writes datetime-local values as wall time in the given zone', () => {
    const instant = new Date('2026-11-24T23:27:00Z');
    expect(toLocalInput(instant, 'America/Sao_Paulo')).toBe('2026-11-24T20:27');
    expect(toLocalInput(instant, 'Asia/Tokyo')).toBe('2026-11-25T08:27');
    expect(fromLocalInput('2026-11-24T20:27', 'America/Sao_Paulo')?.toISOString()).toBe(
      instant.toISOString(),
    );
  });

  it('round-trips datetime-local values and rejects junk', () => {
    const date = new Date(2025, 0, 5, 7, 3);
    expect(toLocalInput(date)).toBe('2025-01-05T07:03');
    expect(fromLocalInput('2025-01-05T07:03')?.getTime()).toBe(date.getTime());
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('yesterday')).toBeNull();
  });
});

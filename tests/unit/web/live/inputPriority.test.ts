import { createInputYield } from '../../../../src/live/inputPriority';

describe('input priority', () => {
  const type = () => document.body.dispatchEvent(new Event('input', { bubbles: true }));

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('yields the frame right after a keystroke, then runs', () => {
    const yieldToInput = createInputYield();
    expect(yieldToInput()).toBe(false);
    type();
    expect(yieldToInput()).toBe(true);
    vi.advanceTimersByTime(16);
    expect(yieldToInput()).toBe(false);
  });

  it('waits at most 50 ms, so typing every frame cannot starve the work', () => {
    const yieldToInput = createInputYield();
    const answers = Array.from({ length: 6 }, () => {
      type();
      const answer = yieldToInput();
      vi.advanceTimersByTime(16);
      return answer;
    });
    // 0, 16 and 32 ms wait; at 48 ms it still may; at 64 ms it runs, then waits again.
    expect(answers).toEqual([true, true, true, true, false, true]);
  });

  it('ignores a keystroke that is no longer fresh', () => {
    const yieldToInput = createInputYield();
    type();
    vi.advanceTimersByTime(1_000);
    expect(yieldToInput()).toBe(false);
  });

  it('lets each user of it see the same keystroke', () => {
    const flush = createInputYield();
    const draw = createInputYield();
    type();
    expect([flush(), draw()]).toEqual([true, true]);
  });
});

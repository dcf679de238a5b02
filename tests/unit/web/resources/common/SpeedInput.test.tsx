import { speedForInput, speedFromInput } from '../../../../../src/resources/common/SpeedInput';

describe('speed limits at the form boundary', () => {
  it('shows stored knots in the user unit and stores what is typed back in knots', () => {
    expect(speedForInput(54, 'kmh')).toBe(100.01);
    expect(speedForInput(54, 'kn')).toBe(54);
    expect(speedFromInput(100, 'kmh')).toBeCloseTo(53.996, 3);
    expect(speedFromInput(80, 'mph')).toBeCloseTo(69.518, 3);
    expect(speedForInput('54', 'kn')).toBe(54);
    expect(speedForInput(undefined, 'kmh')).toBeNull();
  });
});

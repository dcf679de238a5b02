import { applyTint, markerColors, NO_TINT, parseTint } from '../../../../src/map/tint';

describe('marker tint', () => {
  it('parses "hue|saturation|brightness" with defaults', () => {
    expect(parseTint('120|1.5|0.8')).toEqual({ hue: 120, saturation: 1.5, brightness: 0.8 });
    expect(parseTint('x|y|z')).toEqual(NO_TINT);
    expect(parseTint(undefined)).toEqual(NO_TINT);
    expect(parseTint('90')).toEqual(NO_TINT);
    expect(parseTint('10|-1|-2')).toEqual({ hue: 10, saturation: 0, brightness: 0 });
  });

  it('applies CSS hue-rotate, saturate and brightness to a base colour', () => {
    expect(applyTint([200, 40, 40], NO_TINT)).toEqual([200, 40, 40]);
    const [r, g, b] = applyTint([200, 40, 40], { hue: 120, saturation: 1, brightness: 1 });
    expect(g).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(b);
    expect(applyTint([200, 40, 40], { hue: 0, saturation: 0, brightness: 1 })).toEqual(
      expect.arrayContaining([expect.any(Number)]),
    );
    const grey = applyTint([200, 40, 40], { hue: 0, saturation: 0, brightness: 1 });
    expect(new Set(grey).size).toBe(1);
    expect(applyTint([100, 100, 100], { hue: 0, saturation: 1, brightness: 3 })).toEqual([
      255, 255, 255,
    ]);
    expect(applyTint([100, 100, 100], { hue: 0, saturation: 1, brightness: 0 })).toEqual([0, 0, 0]);
  });

  it('gives each device its primary and secondary colours', () => {
    const plain = markerColors({});
    const tinted = markerColors({ 'tarkan.color': '180|1|1', 'tarkan.color_extra': '0|1|0.5' });
    expect(tinted.primary).not.toBe(plain.primary);
    expect(tinted.secondary).not.toBe(plain.secondary);
    expect(plain.primary).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
  });
});

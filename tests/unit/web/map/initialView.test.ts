import { FALLBACK_VIEW, initialView, opensOnFleet } from '../../../../src/map/initialView';

const at = (latitude: number, longitude: number, zoom: number) => ({ latitude, longitude, zoom });

describe('initialView', () => {
  it("prefers the user's own position and zoom", () => {
    expect(initialView(at(-15.8, -47.9, 10), at(-22.9, -43.2, 8))).toEqual({
      center: [-15.8, -47.9],
      zoom: 10,
    });
  });

  it("uses the server's position when the user has none", () => {
    expect(initialView(at(0, 0, 5), at(-22.9, -43.2, 8))).toEqual({
      center: [-22.9, -43.2],
      zoom: 8,
    });
  });

  it('opens at zoom 17 when a position is set without a zoom', () => {
    expect(initialView(null, at(-22.9, -43.2, 0)).zoom).toBe(17);
  });

  it('falls back to São Paulo at zoom 12 when both are 0,0', () => {
    expect(initialView(at(0, 0, 0), at(0, 0, 0))).toEqual(FALLBACK_VIEW);
    expect(FALLBACK_VIEW).toEqual({ center: [-23.55, -46.63], zoom: 12 });
    expect(initialView(undefined, undefined)).toEqual(FALLBACK_VIEW);
  });
});

describe('opensOnFleet', () => {
  it('frames the fleet when neither the user nor the server has a position, as Traccar does', () => {
    expect(opensOnFleet(at(0, 0, 0), at(0, 0, 0), false)).toBe(true);
    expect(opensOnFleet(null, undefined, false)).toBe(true);
  });

  it("keeps a saved position: the user's, or the server's for a signed-in user", () => {
    expect(opensOnFleet(at(-15.8, -47.9, 10), at(0, 0, 0), false)).toBe(false);
    expect(opensOnFleet(at(0, 0, 0), at(-22.9, -43.2, 8), false)).toBe(false);
  });

  it("frames a shared link's vehicles even where the server has a default place", () => {
    expect(opensOnFleet(at(0, 0, 0), at(-22.9, -43.2, 8), true)).toBe(true);
  });
});

/**
 * The combined report (`/api/reports/combined`): each device's route as [lon, lat], its events
 * that have a position, and those positions; for a group too, and only for who may see the device.
 */
import { describe, expect, it } from 'vitest';
import { makeUserSeeing } from '../../support/entityApi';
import { START, iso, range, getJson, refused, reportWorldForFile } from './reportWorld';

const w = reportWorldForFile();
const f = w.f;

describe('combined report', () => {
  it('answers each device route as [lon, lat], its events with positions, and those positions', async () => {
    const [item, ...rest] = await getJson<Record<string, unknown>[]>(
      w.alice.client,
      `/api/reports/combined?deviceId=${w.van.id}&${range}`,
    );
    expect(rest).toHaveLength(0);
    expect(Object.keys(item).sort()).toEqual(['deviceId', 'events', 'positions', 'route']);
    expect(item.deviceId).toBe(w.van.id);
    const route = item.route as number[][];
    expect(route).toHaveLength(6);
    expect(route[1][0]).toBeCloseTo(-46.6, 9);
    expect(route[1][1]).toBeCloseTo(-23.499, 9);
    const events = item.events as { type: string; positionId: number }[];
    // deviceMoving and the events without a position are left out.
    expect(events.map((e) => e.type)).toEqual([
      'geofenceEnter',
      'geofenceExit',
      'geofenceEnter',
      'geofenceExit',
    ]);
    const shown = (item.positions as { id: number; latitude: number; fixTime: string }[]).map(
      (p) => p.id,
    );
    expect(shown).toEqual([w.positions[0], w.positions[2], w.positions[3], w.positions[5]]);
    expect((item.positions as Record<string, unknown>[])[0]).toMatchObject({
      deviceId: w.van.id,
      fixTime: iso(START),
      attributes: {},
    });
  });

  it('covers a group and refuses another user’s device or a user without reports', async () => {
    const items = await getJson<{ deviceId: number; route: unknown[] }[]>(
      f.admin,
      `/api/reports/combined?groupId=${w.fleet.id}&${range}`,
    );
    expect(items).toEqual([{ deviceId: w.truck.id, route: [], events: [], positions: [] }]);
    await refused(
      await w.alice.client.request(`/api/reports/combined?deviceId=${w.truck.id}&${range}`),
    );
    const limited = await makeUserSeeing(f, w.van.id, { disableReports: true });
    await refused(
      await limited.client.request(`/api/reports/combined?deviceId=${w.van.id}&${range}`),
    );
    await refused(
      await w.alice.client.request(
        `/api/reports/combined?deviceId=${w.van.id}&from=yesterday&to=x`,
      ),
      'IllegalArgumentException',
    );
  });
});

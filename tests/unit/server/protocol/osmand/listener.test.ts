import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmitOutcome } from '../../../../../server/protocol/shared/sink';
import {
  startOsmAndListener,
  type OsmAndListener,
} from '../../../../../server/protocol/osmand/listener';
import type { DecodedPosition } from '../../../../../server/processing/types';

/** The listener's HTTP mapping, over a fake sink: what reaches the pipeline and what is replied. */
const received: { position: DecodedPosition; wantsCommand: boolean }[] = [];
let next: SubmitOutcome | Error = { kind: 'stored', command: null };
const errors: unknown[] = [];
let listener: OsmAndListener;

beforeAll(async () => {
  listener = await startOsmAndListener({
    port: 0,
    host: '127.0.0.1',
    sink: {
      submit: async (position, wantsCommand) => {
        received.push({ position, wantsCommand });
        if (next instanceof Error) throw next;
        return next;
      },
    },
    log: { error: (e) => errors.push(e) },
  });
});
afterAll(() => listener?.close());

const call = async (pathAndQuery: string, init: RequestInit = {}) => {
  const res = await fetch(`http://127.0.0.1:${listener.port}${pathAndQuery}`, init);
  return [res.status, await res.text()] as const;
};

describe('OsmAnd listener', () => {
  it('takes the query on any method and path, else a form body, else JSON', async () => {
    received.length = 0;
    next = { kind: 'stored', command: 'engineStop' };
    expect(await call('/x/y?id=a&lat=1&lon=2', { method: 'PUT', body: 'ignored=1' })).toEqual([
      200,
      'engineStop',
    ]);
    next = { kind: 'stored', command: null };
    expect(
      await call('/', {
        method: 'POST',
        body: new URLSearchParams({ id: 'b', lat: '3', lon: '4' }),
      }),
    ).toEqual([200, '']);
    expect(
      await call('/', {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({
          device_id: 'c',
          location: { coords: { latitude: 5, longitude: 6 } },
        }),
      }),
    ).toEqual([200, '']);
    expect(received.map((r) => [r.position.uniqueId, r.position.latitude, r.wantsCommand])).toEqual(
      [
        ['a', 1, true],
        ['b', 3, true],
        ['c', 5, false],
      ],
    );
  });

  it('maps outcomes and failures to status codes', async () => {
    next = { kind: 'unknown' };
    expect((await call('/?id=a&lat=1&lon=1'))[0]).toBe(400);
    expect(
      (
        await call('/', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ device_id: 'x', location: {} }),
        })
      )[0],
    ).toBe(404);
    next = { kind: 'rejected', message: 'Speed out of range: -1' };
    expect(await call('/?id=a&lat=1&lon=1&speed=-1')).toEqual([400, 'Speed out of range: -1']);
    next = { kind: 'busy' };
    expect((await call('/?id=a&lat=1&lon=1'))[0]).toBe(503);
    next = new Error('database down');
    expect((await call('/?id=a&lat=1&lon=1'))[0]).toBe(500);
    expect(errors).toHaveLength(1);
    received.length = 0;
    expect(await call('/?lat=1&lon=1')).toEqual([400, 'Device id (id or deviceid) is missing']);
    expect((await call('/', { method: 'POST', body: 'x'.repeat(70_000) }))[0]).toBe(413);
    expect(received).toEqual([]);
  });
});

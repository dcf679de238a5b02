import { describe, expect, it } from 'vitest';
import { LatestPositionsJson, type PositionRow } from '../../../../server/positions/latestJson';
import { positionRecord } from '../../../support/positionRecord';

// A row as the database returns it: the attributes still as their JSON text.
const row = (id: number): PositionRow =>
  ({
    ...positionRecord({ id, deviceId: id * 10, serverTime: 1_700_000_000_000 }),
    attributes: '{"ignition":true}',
  }) as unknown as PositionRow;

describe('LatestPositionsJson', () => {
  it('lists positions held in memory, serialising each one only the first time', () => {
    const store = new LatestPositionsJson();
    let serialised = 0;
    const json = (position: { id: number; latitude: number }) => {
      serialised += 1;
      return position;
    };
    const idOf = (position: { id: number }) => position.id;
    const a = { id: 5, latitude: -23.5 };
    const b = { id: 6, latitude: -23.6 };
    expect(JSON.parse(store.listOf([a, b], idOf, json).toString())).toEqual([a, b]);
    expect(JSON.parse(store.listOf([b], idOf, json).toString())).toEqual([b]);
    expect(serialised).toBe(2);
    expect(store.listOf([], idOf, json).toString()).toBe('[]');
  });

  it('answers a JSON array in the order asked, reading each row once', async () => {
    const store = new LatestPositionsJson();
    const asked: number[][] = [];
    const load = async (missing: number[]) => {
      asked.push(missing);
      return missing.map(row);
    };
    const first = JSON.parse((await store.list([3, 1, 2], load)).toString()) as { id: number }[];
    expect(first.map((p) => p.id)).toEqual([3, 1, 2]);
    const second = JSON.parse((await store.list([2, 4], load)).toString()) as {
      id: number;
      deviceId: number;
      attributes: unknown;
    }[];
    expect(second.map((p) => p.id)).toEqual([2, 4]);
    expect(second[1]).toMatchObject({ deviceId: 40, attributes: { ignition: true } });
    expect(asked).toEqual([[3, 1, 2], [4]]);
  });

  it('leaves out a position the loader no longer finds', async () => {
    const store = new LatestPositionsJson();
    const text = await store.list([1, 2, 3], async (missing) =>
      missing.filter((id) => id !== 2).map(row),
    );
    expect((JSON.parse(text.toString()) as { id: number }[]).map((p) => p.id)).toEqual([1, 3]);
    expect((await store.list([], async () => [])).toString()).toBe('[]');
  });

  it('forgets positions nobody lists any more, keeping the recently listed ones', async () => {
    const store = new LatestPositionsJson(10);
    const load = async (missing: number[]) => missing.map(row);
    const ids = (from: number) => Array.from({ length: 10 }, (_, i) => from + i);
    await store.list(ids(0), load);
    await store.list(ids(100), load);
    expect(store.size).toBeLessThanOrEqual(15);
    let reloaded: number[] = [];
    await store.list(ids(100), async (missing) => {
      reloaded = missing;
      return missing.map(row);
    });
    expect(reloaded).toEqual([]);
  });

  it('prepares the text of each new latest position ahead of a list, one per device', () => {
    const store = new LatestPositionsJson();
    const json = (id: number, deviceId: number) => () => ({ id, deviceId });
    let built = 0;
    const counted = (id: number, deviceId: number) => () => (built++, json(id, deviceId)());
    store.prepare(1, 10, counted(10, 1));
    store.prepare(2, 20, counted(20, 2));
    store.prepare(1, 11, counted(11, 1));
    store.prepare(1, 11, counted(11, 1));
    expect(store.size).toBe(2);
    const listed = store.listOf(
      [11, 20],
      (id) => id,
      () => {
        throw new Error('prepared texts are not built again');
      },
    );
    expect(JSON.parse(listed.toString())).toEqual([
      { id: 11, deviceId: 1 },
      { id: 20, deviceId: 2 },
    ]);
    expect(built).toBe(3);
  });

  it('keeps relayed bytes as they came and lists them with built texts', () => {
    const store = new LatestPositionsJson();
    const message = Buffer.from('head\n{"id":30,"name":"São João"}\n');
    const bytes = message.subarray(5, message.length - 1);
    store.prepareText(3, 30, () => bytes);
    store.prepareText(4, 40, () => '{"id":40}');
    const listed = store.listOf(
      [30, 40],
      (id) => id,
      () => {
        throw new Error('prepared texts are not built again');
      },
    );
    expect(JSON.parse(listed.toString())).toEqual([{ id: 30, name: 'São João' }, { id: 40 }]);
  });

  it('writes the text around the list into the same buffer', () => {
    const store = new LatestPositionsJson();
    const around = { before: Buffer.from('{"positions":'), after: Buffer.from('}') };
    const item = (id: number) => ({ id });
    expect(
      String(
        store.listOf(
          [item(1), item(2)],
          (p) => p.id,
          (p) => p,
          around,
        ),
      ),
    ).toBe('{"positions":[{"id":1},{"id":2}]}');
    expect(
      String(
        store.listOf(
          [],
          (p: { id: number }) => p.id,
          (p) => p,
          around,
        ),
      ),
    ).toBe('{"positions":[]}');
  });
});

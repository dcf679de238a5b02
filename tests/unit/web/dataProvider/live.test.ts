import {
  DEVICE_PAGE,
  LATER_PAGE,
  PAGES_AT_ONCE,
  readAllDevices,
} from '../../../../src/dataProvider/live';
import type { Device } from '../../../../model/device';
import { device } from '../liveFixtures';

/** A server holding `count` devices, answering pages of the list and noting which it was asked. */
function server(count: number) {
  const asked: [number, number][] = [];
  const readPage = vi.fn(async (offset: number, limit: number): Promise<Device[]> => {
    asked.push([offset, limit]);
    const end = Math.min(count, offset + limit);
    return Array.from({ length: Math.max(0, end - offset) }, (_, i) => device(offset + i + 1));
  });
  return { readPage, asked };
}

describe('reading the whole device list', () => {
  it('asks once for a fleet that fits one page', async () => {
    const { readPage, asked } = server(3);
    const devices = await readAllDevices(readPage);
    expect(devices.map((d) => d.id)).toEqual([1, 2, 3]);
    expect(asked).toEqual([[0, DEVICE_PAGE]]);
  });

  it('reads a bigger fleet in larger pages, several at a time, until one comes back short', async () => {
    const count = DEVICE_PAGE + LATER_PAGE * (PAGES_AT_ONCE + 1) + 7;
    const { readPage, asked } = server(count);
    const devices = await readAllDevices(readPage);
    expect(devices).toHaveLength(count);
    expect(new Set(devices.map((d) => d.id)).size).toBe(count);
    expect(devices[count - 1].id).toBe(count);
    // The first page alone, then waves of PAGES_AT_ONCE larger pages until the short one.
    expect(asked).toEqual([
      [0, DEVICE_PAGE],
      ...Array.from({ length: PAGES_AT_ONCE * 2 }, (_, k): [number, number] => [
        DEVICE_PAGE + k * LATER_PAGE,
        LATER_PAGE,
      ]),
    ]);
  });

  it('stops at an empty page when the fleet fills whole pages', async () => {
    const { readPage } = server(DEVICE_PAGE + LATER_PAGE);
    expect(await readAllDevices(readPage)).toHaveLength(DEVICE_PAGE + LATER_PAGE);
  });
});

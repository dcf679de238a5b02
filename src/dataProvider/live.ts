import type { Device } from '../../model/device';
import type { Position } from '../../model/position';
import { getJson } from './http';

/** Devices per request of the whole list: one page's JSON parses well within a frame. */
export const DEVICE_PAGE = 2_500;
/** Pages asked for at once after the first. */
export const PAGES_AT_ONCE = 4;

type PageReader = (offset: number, limit: number) => Promise<Device[]>;

const readDevicePage: PageReader = (offset, limit) =>
  getJson<Device[]>('/api/devices', { query: { limit, offset } });

/**
 * Every device the user sees, `DEVICE_PAGE` at a time: a browser parses each response in one
 * task, and a big fleet's list in one response froze the page while the map opened. A fleet that
 * fits one page costs one request, as before; a bigger one then asks for `PAGES_AT_ONCE` pages at
 * a time until one comes back short. Pages follow the list's fixed order (name, then id): a
 * device renamed across a page boundary meanwhile may come twice (the store keeps one per id) or
 * not at all, and then its next position makes the store fetch it.
 */
export const readAllDevices = async (readPage: PageReader = readDevicePage): Promise<Device[]> => {
  const pages = [await readPage(0, DEVICE_PAGE)];
  for (let next = 1; pages[pages.length - 1].length === DEVICE_PAGE; next += PAGES_AT_ONCE) {
    const wave = await Promise.all(
      Array.from({ length: PAGES_AT_ONCE }, (_, k) =>
        readPage((next + k) * DEVICE_PAGE, DEVICE_PAGE),
      ),
    );
    const short = wave.findIndex((page) => page.length < DEVICE_PAGE);
    pages.push(...(short === -1 ? wave : wave.slice(0, short + 1)));
  }
  return pages.flat();
};

/** Devices and positions as they are now (the live store's loads, the panels' look-ups). */
export const liveMethods = {
  getDevices: (): Promise<Device[]> => readAllDevices(),

  /** One device by id (one the socket mentioned before the list knew it, a linked one). */
  getDevice: async (id: number): Promise<Device | undefined> =>
    (await getJson<Device[]>('/api/devices', { query: { id } }))[0],

  /** The latest position of every device the user sees. */
  getLatestPositions: (): Promise<Position[]> => getJson<Position[]>('/api/positions'),

  /** One device's latest position, or null when it has none. */
  getLatestPosition: async (deviceId: number): Promise<Position | null> =>
    (await getJson<Position[]>('/api/positions', { query: { deviceId } }))[0] ?? null,

  /** Positions by id (`?id=1&id=2…`), e.g. where report events happened. */
  getPositionsById: (ids: readonly number[], signal?: AbortSignal): Promise<Position[]> => {
    const params = new URLSearchParams();
    ids.forEach((id) => params.append('id', String(id)));
    return getJson<Position[]>(`/api/positions?${params}`, { signal });
  },
};

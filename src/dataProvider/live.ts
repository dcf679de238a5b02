import type { Device } from '../../model/device';
import type { Position } from '../../model/position';
import { getJson } from './http';

/** Devices in the first request of the whole list: most fleets fit it, in a task well within a frame. */
export const DEVICE_PAGE = 2_500;
/**
 * Devices per request after the first: each page costs the server the rows it skips, so a big
 * fleet in small pages took it twice as long as one list; this many still parse in a short task.
 */
export const LATER_PAGE = 5_000;
/** Pages asked for at once after the first. */
export const PAGES_AT_ONCE = 4;

type PageReader = (offset: number, limit: number) => Promise<Device[]>;

const readDevicePage: PageReader = (offset, limit) =>
  getJson<Device[]>('/api/devices', { query: { limit, offset } });

/**
 * Every device the user sees, a page at a time: a browser parses each response in one task, and
 * a big fleet's list in one response froze the page while the map opened. A fleet that fits
 * `DEVICE_PAGE` costs one request, as before; a bigger one then asks for `PAGES_AT_ONCE` pages of
 * `LATER_PAGE` at a time until one comes back short. Pages follow the list's fixed order (name,
 * then id): a device renamed across a page boundary meanwhile may come twice (the store keeps one
 * per id) or not at all, and then its next position makes the store fetch it.
 */
export const readAllDevices = async (readPage: PageReader = readDevicePage): Promise<Device[]> => {
  const first = await readPage(0, DEVICE_PAGE);
  const pages = [first];
  let full = first.length === DEVICE_PAGE;
  for (let next = 0; full; next += PAGES_AT_ONCE) {
    const wave = await Promise.all(
      Array.from({ length: PAGES_AT_ONCE }, (_, k) =>
        readPage(DEVICE_PAGE + (next + k) * LATER_PAGE, LATER_PAGE),
      ),
    );
    const short = wave.findIndex((page) => page.length < LATER_PAGE);
    pages.push(...(short === -1 ? wave : wave.slice(0, short + 1)));
    full = short === -1;
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

import { computeDeviceView, NameOrder } from '../../../../src/fleet/deviceView';
import { DEFAULT_FILTERS, type DeviceFilters } from '../../../../src/fleet/filters';
import { buildListItems, type ListItems } from '../../../../src/fleet/listItems';
import { matchesSearch, SearchIndex } from '../../../../src/fleet/search';
import { DEFAULT_SORT, nextStateSort, sortRows, toggleSort } from '../../../../src/fleet/sort';
import type { Device } from '../../../../model/device';
import type { Position } from '../../../../model/position';
import { device, position } from '../liveFixtures';

describe('device search', () => {
  const truck = device(1, {
    name: 'Volvo FH',
    uniqueId: '359881234567890',
    attributes: { placa: 'ABC1D23', 'tarkan.color': '20|1|1' },
  });

  it('matches any field or attribute, case-insensitive', () => {
    expect(matchesSearch(truck, 'volvo')).toBe(true);
    expect(matchesSearch(truck, '3598812')).toBe(true);
    expect(matchesSearch(truck, 'abc1d')).toBe(true);
    expect(matchesSearch(truck, 'car')).toBe(true);
    expect(matchesSearch(truck, 'scania')).toBe(false);
  });

  it('matches plates ignoring case, spaces and hyphens on either side', () => {
    const car = device(4, { name: 'DZY-4502', attributes: { placa: 'ABC 1D23' } });
    expect(matchesSearch(car, 'DZY4502')).toBe(true);
    expect(matchesSearch(car, 'dzy 4502')).toBe(true);
    expect(matchesSearch(car, 'dzy-45')).toBe(true);
    expect(matchesSearch(car, 'abc1d2')).toBe(true);
    expect(matchesSearch(car, 'ABC-1D23')).toBe(true);
    expect(matchesSearch(car, 'dzy4503')).toBe(false);
    const index = new SearchIndex();
    const fleet = new Map([[car.id, car]]);
    expect([...(index.matching(fleet, 'DZY4502') ?? [])]).toEqual([car.id]);
    expect([...(index.matching(fleet, 'dzy 4502') ?? [])]).toEqual([car.id]);
  });

  it('treats regular-expression characters as plain text', () => {
    const odd = device(2, { name: 'Van (a+b)* [1]', attributes: { note: '.*' } });
    expect(matchesSearch(odd, '(a+b)*')).toBe(true);
    expect(matchesSearch(odd, '[1]')).toBe(true);
    expect(matchesSearch(odd, '.*')).toBe(true);
    expect(matchesSearch(truck, '.*')).toBe(false);
    expect(matchesSearch(truck, 'Vol.o')).toBe(false);
    expect(() => matchesSearch(truck, '(')).not.toThrow();
  });

  it('uses extra words such as the translated status or group name', () => {
    const offline = device(3, { status: 'unknown' });
    expect(matchesSearch(offline, 'desconhecido', () => ['Desconhecido'])).toBe(true);
    expect(matchesSearch(offline, '   ')).toBe(true);
  });
});

const rows = (list: [Device, Position | undefined][]) =>
  list.map(([d, p]) => ({ device: d, position: p }));
const names = (sorted: { device: Device }[]) => sorted.map((row) => row.device.name);

describe('device sorting', () => {
  const a = device(1, { name: 'Alpha', lastUpdate: '2026-01-01T10:00:00Z' });
  const b = device(2, { name: 'beta', lastUpdate: '2026-01-01T12:00:00Z' });
  const c = device(3, { name: 'Charlie 10', lastUpdate: null });
  const d = device(4, { name: 'Charlie 9', lastUpdate: '2026-01-01T11:00:00Z' });

  it('sorts by name (natural, case-insensitive), asc and desc', () => {
    const list = rows([
      [c, undefined],
      [b, undefined],
      [d, undefined],
      [a, undefined],
    ]);
    expect(names(sortRows([...list], DEFAULT_SORT))).toEqual([
      'Alpha',
      'beta',
      'Charlie 9',
      'Charlie 10',
    ]);
    expect(names(sortRows([...list], { key: 'name', dir: 'desc' }))).toEqual([
      'Charlie 10',
      'Charlie 9',
      'beta',
      'Alpha',
    ]);
  });

  it('sorts by last update with never-seen devices last either way', () => {
    const list = rows([
      [a, undefined],
      [b, undefined],
      [c, undefined],
      [d, undefined],
    ]);
    expect(names(sortRows([...list], { key: 'lastUpdate', dir: 'asc' }))).toEqual([
      'Alpha',
      'Charlie 9',
      'beta',
      'Charlie 10',
    ]);
    expect(names(sortRows([...list], { key: 'lastUpdate', dir: 'desc' }))).toEqual([
      'beta',
      'Charlie 9',
      'Alpha',
      'Charlie 10',
    ]);
  });

  it('sorts by a state with true first, then false, then unreported', () => {
    const list = rows([
      [a, position(1, { attributes: { motion: false } })],
      [b, position(2, { attributes: { motion: true } })],
      [c, undefined],
      [d, position(4, { attributes: { motion: true } })],
    ]);
    expect(names(sortRows([...list], { key: 'motion', dir: 'asc' }))).toEqual([
      'beta',
      'Charlie 9',
      'Alpha',
      'Charlie 10',
    ]);
    expect(names(sortRows([...list], { key: 'motion', dir: 'desc' }))).toEqual([
      'Alpha',
      'beta',
      'Charlie 9',
      'Charlie 10',
    ]);
  });

  it('sorts by anchor using the anchored set, and by alert and driver', () => {
    const list = rows([
      [a, position(1, { attributes: { alarm: 'sos' } })],
      [b, position(2, { attributes: { driverUniqueId: 'D1' } })],
    ]);
    expect(names(sortRows([...list], { key: 'anchor', dir: 'asc' }, new Set([2])))).toEqual([
      'beta',
      'Alpha',
    ]);
    expect(names(sortRows([...list], { key: 'alert', dir: 'asc' }))).toEqual(['Alpha', 'beta']);
    expect(names(sortRows([...list], { key: 'driver', dir: 'asc' }))).toEqual(['beta', 'Alpha']);
  });

  it('cycles the state header motion → anchor → locked → ignition → driver → alert → name', () => {
    let sort = DEFAULT_SORT;
    const seen: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      sort = nextStateSort(sort);
      seen.push(sort.key);
    }
    expect(seen).toEqual(['motion', 'anchor', 'locked', 'ignition', 'driver', 'alert', 'name']);
    expect(nextStateSort({ key: 'motion', dir: 'desc' })).toEqual({ key: 'anchor', dir: 'desc' });
  });

  it('flips the direction on the same column and starts ascending on another', () => {
    expect(toggleSort(DEFAULT_SORT, 'name')).toEqual({ key: 'name', dir: 'desc' });
    expect(toggleSort({ key: 'name', dir: 'desc' }, 'lastUpdate')).toEqual({
      key: 'lastUpdate',
      dir: 'asc',
    });
  });
});

describe('search index', () => {
  const fleet = () =>
    new Map<number, Device>(
      Array.from({ length: 300 }, (_, i) => [
        i + 1,
        device(i + 1, {
          name: `${['Onix', 'Volvo FH', 'Strada'][i % 3]} ${i}`,
          status: (['online', 'offline', 'unknown'] as const)[(i % 4) % 3],
          attributes: i % 5 === 0 ? { placa: `ABC${i}D` } : {},
        }),
      ]),
    );
  const extras = (d: Device) => [d.status === 'online' ? 'Conectado' : 'Desconectado'];
  const fullScan = (devices: Map<number, Device>, query: string, words = extras) =>
    [...devices.values()].filter((d) => matchesSearch(d, query, words)).map((d) => d.id);
  const sorted = (ids: ReadonlySet<number> | null) => [...(ids ?? [])].sort((a, b) => a - b);

  it('narrowing query by query gives the same result as a full scan', () => {
    const devices = fleet();
    const index = new SearchIndex();
    const typed = 'onix 12';
    const queries = [
      ...Array.from(typed, (_, i) => typed.slice(0, i + 1)),
      ...Array.from(typed, (_, i) => typed.slice(0, typed.length - i - 1)).filter(Boolean),
      'abc',
      'ABC1',
      'abc15d',
      'desconectado',
      'CONECTADO',
      ' volvo ',
      'volvo fh 2',
      'o',
      'zzz',
      'zzzz',
    ];
    for (const query of queries) {
      expect(sorted(index.matching(devices, query, extras)), query).toEqual(
        fullScan(devices, query),
      );
    }
  });

  it('warms in slices (an idle deadline), comparing as well as building, then answers right', () => {
    let devices = fleet();
    const index = new SearchIndex();
    const slices = (words = extras) => {
      let count = 0;
      for (;;) {
        let budget = 1;
        count += 1;
        if (index.warm(devices, words, () => budget-- > 0)) return count;
      }
    };
    // Each slice looks at its deadline every 16 devices: 300 devices take 10 slices.
    expect(slices()).toBe(10);
    expect(sorted(index.matching(devices, 'onix', extras))).toEqual(fullScan(devices, 'onix'));
    // A pass that only compares (every record replaced by a live report) is sliced too.
    devices = new Map([...devices].map(([id, d]) => [id, { ...d, lastUpdate: 'now' }]));
    const revision = index.revision;
    expect(slices()).toBe(10);
    expect(index.revision).toBe(revision);
  });

  it('is null for a blank query', () => {
    const devices = fleet();
    expect(new SearchIndex().matching(devices, '   ', extras)).toBeNull();
  });

  it('follows device changes once warmed, and only then bumps its revision', () => {
    let devices = fleet();
    const index = new SearchIndex();
    index.refresh(devices, extras);
    const first = index.revision;
    expect(sorted(index.matching(devices, 'onix', extras))).toEqual(fullScan(devices, 'onix'));
    devices = new Map(devices);
    devices.set(2, device(2, { name: 'Onix renamed' }));
    devices.delete(4);
    devices.set(999, device(999, { name: 'Onix new' }));
    // A keystroke never compares records: the rename waits for warming; a new device is built.
    expect(index.matching(devices, 'onix r', extras)?.has(2)).toBe(false);
    expect(index.matching(devices, 'onix n', extras)?.has(999)).toBe(true);
    // The live store adds devices to the same map it keeps: they are found at once too.
    devices.set(1000, device(1000, { name: 'Onix added in place' }));
    expect(index.matching(devices, 'onix a', extras)?.has(1000)).toBe(true);
    // With a membership number (the store's view version), only a new number looks for them.
    devices.set(1001, device(1001, { name: 'Onix unseen' }));
    expect(index.matching(devices, 'onix u', extras, 7)?.has(1001)).toBe(true);
    devices.set(1002, device(1002, { name: 'Onix unseen too' }));
    expect(index.matching(devices, 'onix u', extras, 7)?.has(1002)).toBe(false);
    expect(index.matching(devices, 'onix u', extras, 8)?.has(1002)).toBe(true);
    // Live reports alone keep the answers (same set) until warming changes a haystack.
    const answer = index.matching(devices, 'onix', extras);
    expect(index.matching(new Map(devices), 'onix', extras)).toBe(answer);
    index.refresh(devices, extras);
    expect(index.revision).toBeGreaterThan(first);
    for (const query of ['onix', 'onix ', 'onix n', 'onix ne', 'onix r']) {
      expect(sorted(index.matching(devices, query, extras)), query).toEqual(
        fullScan(devices, query),
      );
    }
    // A new object with the same searchable content (a live report) keeps its haystack.
    const warmed = index.revision;
    devices = new Map(devices);
    devices.set(1, { ...(devices.get(1) as Device), lastUpdate: new Date().toISOString() });
    index.refresh(devices, extras);
    expect(index.revision).toBe(warmed);
    // New extras (a renamed group, another language) rebuild every haystack when warmed.
    const other = (d: Device) => [`grupo ${d.id % 2 ? 'impar' : 'par'}`];
    index.refresh(devices, other);
    expect(index.revision).toBeGreaterThan(warmed);
    expect(sorted(index.matching(devices, 'impar', other))).toEqual(
      fullScan(devices, 'impar', other),
    );
  });
});

describe('device view: filters and status counters', () => {
  const devices = new Map<number, Device>([
    [1, device(1, { name: 'Moving car', status: 'online' })],
    [2, device(2, { name: 'Parked car', status: 'online' })],
    [3, device(3, { name: 'Lost truck', status: 'offline', category: 'truck' })],
    [4, device(4, { name: 'New van', status: 'unknown', category: 'van' })],
  ]);
  const positions = new Map<number, Position>([
    [1, position(1, { attributes: { motion: true } })],
    [2, position(2, { attributes: { motion: false } })],
    [3, position(3)],
  ]);
  // A minute after the fixtures' fixes.
  const now = Date.parse('2026-01-01T10:01:00Z');
  const view = (filters: Partial<DeviceFilters>, search = '') =>
    computeDeviceView(
      { devices, positions },
      { filters: { ...DEFAULT_FILTERS, ...filters }, sort: DEFAULT_SORT, search, now },
    );

  it('counts online, offline, unknown and in-motion devices', () => {
    expect(view({}).counts).toEqual({ all: 4, online: 2, offline: 1, unknown: 1, moving: 1 });
    expect(view({}).ids).toEqual([3, 1, 4, 2]);
  });

  it('counts in motion only online devices whose latest fix is recent', () => {
    // The last fix of each says motion: true, but only the first is online with a fresh fix.
    const fleet = new Map<number, Device>([
      [1, device(1, { name: 'Driving', status: 'online' })],
      [2, device(2, { name: 'Gone quiet', status: 'unknown' })],
      [3, device(3, { name: 'Stale fix', status: 'online' })],
      [4, device(4, { name: 'Switched off', status: 'offline' })],
    ]);
    const moving = { attributes: { motion: true } };
    const fixes = new Map<number, Position>([
      [1, position(1, moving)],
      [2, position(2, moving)],
      [3, position(3, { ...moving, fixTime: '2026-01-01T09:00:00.000Z' })],
      [4, position(4, moving)],
    ]);
    const input = { filters: DEFAULT_FILTERS, sort: DEFAULT_SORT, search: '', now };
    expect(computeDeviceView({ devices: fleet, positions: fixes }, input).counts).toEqual({
      all: 4,
      online: 2,
      offline: 1,
      unknown: 1,
      moving: 1,
    });
    const motionOnly = { ...input, filters: { ...DEFAULT_FILTERS, motionOnly: true } };
    expect(computeDeviceView({ devices: fleet, positions: fixes }, motionOnly).ids).toEqual([1]);
  });

  it('filters by status and motion; the counters ignore those two filters', () => {
    expect(view({ status: 'online' }).ids).toEqual([1, 2]);
    expect(view({ status: 'unknown' }).ids).toEqual([4]);
    expect(view({ motionOnly: true }).ids).toEqual([1]);
    expect(view({ status: 'offline' }).counts.all).toBe(4);
  });

  it('narrows counters and rows by search, hidden categories and show-only', () => {
    expect(view({}, 'CAR')).toEqual({
      ids: [1, 2],
      counts: { all: 2, online: 2, offline: 0, unknown: 0, moving: 1 },
    });
    expect(view({ hiddenCategories: ['car', 'van'] }).ids).toEqual([3]);
    expect(view({ onlyId: 2 }).ids).toEqual([2]);
  });

  it('gives the same view with a shared search index as with a fresh one', () => {
    const order = new NameOrder();
    const index = new SearchIndex();
    for (const search of ['c', 'ca', 'car', 'cars', 'car', 'truck', '']) {
      const input = { filters: DEFAULT_FILTERS, sort: DEFAULT_SORT, search, now };
      expect(computeDeviceView({ devices, positions }, input, order, index)).toEqual(
        view({}, search),
      );
    }
  });

  it('keeps its name order across views until a name changes', () => {
    const order = new NameOrder();
    const first = order.get(devices);
    expect(order.get(devices)).toBe(first);
    const renamed = new Map(devices);
    renamed.set(1, device(1, { name: 'Aardvark' }));
    expect(order.get(renamed)).not.toBe(first);
    expect(order.get(renamed).get(1)).toBe(0);
  });
});

describe('group headers', () => {
  it('puts devices without a group first, then groups by name', () => {
    const devices = new Map<number, Device>([
      [1, device(1, { groupId: 7 })],
      [2, device(2, { groupId: 0 })],
      [3, device(3, { groupId: 5 })],
    ]);
    const names: Record<number, string> = { 5: 'Zeta', 7: 'Alpha' };
    const all = (items: ListItems) =>
      Array.from({ length: items.length }, (_, index) => {
        const item = items.at(index);
        return item.kind === 'group' ? `g${item.groupId}` : `d${item.id}`;
      });
    const items = buildListItems([1, 2, 3], true, devices, (id) => names[id]);
    expect(all(items)).toEqual(['g0', 'd2', 'g7', 'd1', 'g5', 'd3']);
    expect(all(buildListItems([1, 2], false, devices, () => undefined))).toEqual(['d1', 'd2']);
  });
});

import { applyListParams } from '../../../../src/dataProvider/listParams';

const devices = [
  { id: 1, name: 'Truck 10', status: 'online', attributes: { plate: 'ABC-1234' } },
  { id: 2, name: 'Truck 9', status: 'offline', attributes: { plate: 'XYZ-9876' } },
  { id: 3, name: 'Van', status: 'online', attributes: {} },
];

describe('applyListParams', () => {
  it('searches every field with q, nested attributes included, ignoring case', () => {
    expect(applyListParams(devices, { filter: { q: 'xyz' } }).data.map((d) => d.id)).toEqual([2]);
  });

  it('filters other keys exactly and arrays as one-of', () => {
    expect(applyListParams(devices, { filter: { status: 'online' } }).total).toBe(2);
    expect(applyListParams(devices, { filter: { id: [1, 3] } }).data.map((d) => d.id)).toEqual([
      1, 3,
    ]);
  });

  it('sorts numerically inside names and pages after filtering', () => {
    const result = applyListParams(devices, {
      sort: { field: 'name', order: 'DESC' },
      pagination: { page: 1, perPage: 2 },
    });
    expect(result.data.map((d) => d.name)).toEqual(['Van', 'Truck 10']);
    expect(result.total).toBe(3);
  });
});

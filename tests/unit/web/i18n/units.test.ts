import { distanceUnitOf } from '../../../../src/i18n/units';

describe('units in report rows', () => {
  it('takes the distance unit from the user, then the server, then km', () => {
    expect(
      distanceUnitOf(
        { attributes: { distanceUnit: 'mi' } },
        { attributes: { distanceUnit: 'km' } },
      ),
    ).toBe('mi');
    expect(distanceUnitOf({ attributes: {} }, { attributes: { distanceUnit: 'mi' } })).toBe('mi');
    expect(distanceUnitOf({ attributes: { distanceUnit: 'nmi' } }, null)).toBe('km');
  });
});

import { CATEGORIES } from '../../../../../model/category';
import { CATEGORY_ICONS, iconFor } from '../../../../../src/map/markers/categoryIcons';

describe('marker icons and labels', () => {
  it('has a drawing for each of the 24 categories, default for others', () => {
    expect(CATEGORIES).toHaveLength(24);
    CATEGORIES.forEach((category) => expect(CATEGORY_ICONS[category].primary).toMatch(/^M/));
    expect(new Set(CATEGORIES.map((c) => JSON.stringify(CATEGORY_ICONS[c]))).size).toBe(24);
    expect(iconFor('spaceship')).toBe(CATEGORY_ICONS.default);
    expect(iconFor(null)).toBe(CATEGORY_ICONS.default);
  });
});

import { labelText } from '../../../../../src/map/markers/labels';
import { device } from '../../liveFixtures';

describe('marker icons and labels', () => {
  it('labels with name, plate or both; a missing plate reads N/A', () => {
    const car = device(1, { name: 'Onix', attributes: { placa: 'ABC1234' } });
    const bare = device(2, { name: 'Gol' });
    expect(labelText(car, 'name', 'N/A')).toBe('Onix');
    expect(labelText(car, 'plate', 'N/A')).toBe('ABC1234');
    expect(labelText(car, 'both', 'N/A')).toBe('Onix - ABC1234');
    expect(labelText(bare, 'plate', 'N/A')).toBe('N/A');
    expect(labelText(car, 'none', 'N/A')).toBe('');
  });
});

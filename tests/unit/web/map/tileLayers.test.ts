import { availableLayers, chooseLayer, quadkey } from '../../../../src/map/tileLayers';
import type { Server } from '../../../../model/server';

describe('tile layers', () => {
  const server = (patch: Partial<Server>) =>
    ({ attributes: {}, bingKey: null, mapUrl: null, ...patch }) as Server;

  it('offers Google and Bing only with keys, and the custom map url', () => {
    expect(availableLayers(server({})).map((l) => l.id)).toEqual(['openstreet']);
    const all = availableLayers(
      server({
        attributes: { google_api: 'G' },
        bingKey: 'B',
        mapUrl: 'https://tiles/{z}/{x}/{y}.png',
      }),
    );
    expect(all.map((l) => l.id)).toEqual([
      'openstreet',
      'googleSN',
      'googleST',
      'googleTR',
      'bingRoad',
      'bingAerial',
      'custom',
    ]);
    expect(all[1].url).toContain('key=G');
  });

  it('chooses the user map, then the server map, then OpenStreetMap', () => {
    const layers = availableLayers(server({ attributes: { google_api: 'G' } }));
    expect(chooseLayer(layers, 'googleST', 'googleSN').id).toBe('googleST');
    expect(chooseLayer(layers, 'bingRoad', 'googleSN').id).toBe('googleSN');
    expect(chooseLayer(layers, null, 'mapbox').id).toBe('openstreet');
  });

  it('computes Bing quadkeys', () => {
    expect(quadkey(3, 5, 3)).toBe('213');
    expect(quadkey(0, 0, 1)).toBe('0');
  });
});

import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { quadkey, type TileLayerDef } from './tileLayers';

class QuadkeyLayer extends L.TileLayer {
  constructor(
    private readonly template: string,
    private readonly hosts: string,
    options: L.TileLayerOptions,
  ) {
    super(template, options);
  }

  getTileUrl(coords: L.Coords): string {
    const s = this.hosts[Math.abs(coords.x + coords.y) % this.hosts.length];
    return L.Util.template(this.template, { s, q: quadkey(coords.x, coords.y, coords.z) });
  }
}

/** The chosen base map as one Leaflet tile layer (Bing needs its quadkey addressing). */
export const BaseLayer = ({ layer }: { layer: TileLayerDef }) => {
  const map = useMap();
  useEffect(() => {
    const options: L.TileLayerOptions = {
      attribution: layer.attribution,
      maxZoom: layer.maxZoom,
      subdomains: layer.subdomains ?? 'abc',
    };
    const tiles = layer.quadkey
      ? new QuadkeyLayer(layer.url, options.subdomains as string, options)
      : L.tileLayer(layer.url, options);
    tiles.addTo(map);
    return () => {
      tiles.remove();
    };
  }, [map, layer]);
  return null;
};

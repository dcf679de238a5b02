import type { Server } from '../../model/server';

export interface TileLayerDef {
  id: string;
  url: string;
  attribution: string;
  subdomains?: string;
  maxZoom: number;
  /** Bing serves quadkey tiles: `{q}` in the url is the quadkey. */
  quadkey?: boolean;
}

const OSM: TileLayerDef = {
  id: 'openstreet',
  url: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
  subdomains: 'abc',
  maxZoom: 19,
};

/** The Google key lives in a server attribute (`google_api` in the original). */
export const googleKeyOf = (server: Pick<Server, 'attributes'>): string | null => {
  const key = server.attributes?.google_api ?? server.attributes?.googleKey;
  return typeof key === 'string' && key.trim() ? key.trim() : null;
};

const google = (id: string, layers: string, key: string): TileLayerDef => ({
  id,
  url: `https://mt{s}.google.com/vt/lyrs=${layers}&x={x}&y={y}&z={z}&key=${encodeURIComponent(key)}`,
  attribution: '&copy; Google',
  subdomains: '0123',
  maxZoom: 21,
});

const bing = (id: string, type: 'r' | 'a', key: string): TileLayerDef => ({
  id,
  url: `https://ecn.t{s}.tiles.virtualearth.net/tiles/${type}{q}.jpeg?g=1&key=${encodeURIComponent(key)}`,
  attribution: '&copy; Microsoft Bing',
  subdomains: '0123',
  maxZoom: 19,
  quadkey: true,
});

/**
 * The layers this server can offer: OpenStreetMap always; Google and Bing only with the keys
 * from the server settings (the original used unkeyed Google tiles); the custom `mapUrl`.
 */
export const availableLayers = (
  server: Pick<Server, 'attributes' | 'bingKey' | 'mapUrl'>,
): TileLayerDef[] => {
  const layers = [OSM];
  const googleKey = googleKeyOf(server);
  if (googleKey) {
    layers.push(
      google('googleSN', 'm', googleKey),
      google('googleST', 'y', googleKey),
      google('googleTR', 'm,traffic', googleKey),
    );
  }
  if (server.bingKey?.trim()) {
    layers.push(
      bing('bingRoad', 'r', server.bingKey.trim()),
      bing('bingAerial', 'a', server.bingKey.trim()),
    );
  }
  if (server.mapUrl?.trim()) {
    layers.push({ id: 'custom', url: server.mapUrl.trim(), attribution: '', maxZoom: 20 });
  }
  return layers;
};

/** The user's saved `map`, else the server's, else OpenStreetMap; never an unavailable one. */
export const chooseLayer = (
  layers: TileLayerDef[],
  userMap: string | null | undefined,
  serverMap: string | null | undefined,
): TileLayerDef =>
  layers.find((layer) => layer.id === userMap) ??
  layers.find((layer) => layer.id === serverMap) ??
  layers[0];

/** Bing's tile address: one base-4 digit per zoom level. */
export const quadkey = (x: number, y: number, z: number): string => {
  let key = '';
  for (let level = z; level > 0; level -= 1) {
    const mask = 1 << (level - 1);
    key += String((x & mask ? 1 : 0) + (y & mask ? 2 : 0));
  }
  return key;
};

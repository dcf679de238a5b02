interface MapDefaults {
  latitude: number;
  longitude: number;
  zoom: number;
}

interface MapView {
  center: [number, number];
  zoom: number;
}

/** A saved position with no zoom opens at 17. */
const DEFAULT_ZOOM = 17;

/** Used when neither the user nor the server has a position (both 0,0). */
export const FALLBACK_VIEW: MapView = { center: [-23.55, -46.63], zoom: 12 };

const hasPosition = (defaults: MapDefaults | null | undefined): defaults is MapDefaults =>
  !!defaults && (defaults.latitude !== 0 || defaults.longitude !== 0);

/** The user's own map position wins over the server's; São Paulo when neither is set. */
export const initialView = (
  user: MapDefaults | null | undefined,
  server: MapDefaults | null | undefined,
): MapView => {
  const source = hasPosition(user) ? user : hasPosition(server) ? server : null;
  if (!source) return FALLBACK_VIEW;
  return { center: [source.latitude, source.longitude], zoom: source.zoom || DEFAULT_ZOOM };
};

/**
 * Whether the map should frame the fleet once its positions are in, rather than stay where it
 * opened: when the user has no position of their own and either the server has none either (as
 * the official Traccar app does) or the user follows a shared link, whose few vehicles may be
 * anywhere but at the installation's default place.
 */
export const opensOnFleet = (
  user: MapDefaults | null | undefined,
  server: MapDefaults | null | undefined,
  shareViewer: boolean,
): boolean => !hasPosition(user) && (shareViewer || !hasPosition(server));

/** The single Server settings object of `GET /api/server`. */
export interface Server {
  id: number;
  registration: boolean;
  readonly: boolean;
  deviceReadonly: boolean;
  limitCommands: boolean;
  disableReports: boolean;
  fixedEmail: boolean;
  map: string | null;
  bingKey: string | null;
  mapUrl: string | null;
  overlayUrl: string | null;
  latitude: number;
  longitude: number;
  zoom: number;
  twelveHourFormat: boolean;
  forceSettings: boolean;
  coordinateFormat: string | null;
  poiLayer: string | null;
  announcement: string | null;
  attributes: Record<string, unknown>;
  /** Computed by the server, ignored on PUT. */
  version: string;
  emailEnabled: boolean;
  textEnabled: boolean;
  geocoderEnabled: boolean;
  openIdEnabled: boolean;
  openIdForce: boolean;
  newServer: boolean;
}

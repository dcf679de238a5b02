/** A Traccar user as the API sends it (`password` is write-only and always null on the wire). */
export interface User {
  id: number;
  name: string;
  login: string | null;
  email: string;
  phone: string | null;
  readonly: boolean;
  administrator: boolean;
  map: string | null;
  latitude: number;
  longitude: number;
  zoom: number;
  twelveHourFormat: boolean;
  coordinateFormat: string | null;
  disabled: boolean;
  expirationTime: string | null;
  deviceLimit: number;
  userLimit: number;
  deviceReadonly: boolean;
  limitCommands: boolean;
  disableReports: boolean;
  fixedEmail: boolean;
  poiLayer: string | null;
  totpKey: string | null;
  temporary: boolean;
  password: string | null;
  attributes: Record<string, unknown>;
}

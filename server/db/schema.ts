import type { ColumnType, Generated } from 'kysely';

/**
 * Table types as the code sees them (camelCase; `CamelCasePlugin` maps to snake_case columns).
 * Booleans are integers in SQLite and booleans in PostgreSQL, so they read as either and the
 * repositories convert. Timestamps are epoch milliseconds.
 */
export type Flag = ColumnType<number | boolean, number | boolean, number | boolean>;
export type Millis = number;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  login: string | null;
  email: string;
  phone: string | null;
  readonly: Flag;
  administrator: Flag;
  map: string | null;
  latitude: number;
  longitude: number;
  zoom: number;
  twelveHourFormat: Flag;
  coordinateFormat: string | null;
  disabled: Flag;
  expirationTime: Millis | null;
  deviceLimit: number;
  userLimit: number;
  deviceReadonly: Flag;
  limitCommands: Flag;
  disableReports: Flag;
  fixedEmail: Flag;
  poiLayer: string | null;
  totpKey: string | null;
  temporary: Flag;
  hashedPassword: string | null;
  /** JSON object as text. */
  attributes: string;
}

export interface ServersTable {
  id: number;
  registration: Flag;
  readonly: Flag;
  deviceReadonly: Flag;
  limitCommands: Flag;
  disableReports: Flag;
  fixedEmail: Flag;
  map: string | null;
  bingKey: string | null;
  mapUrl: string | null;
  overlayUrl: string | null;
  latitude: number;
  longitude: number;
  zoom: number;
  twelveHourFormat: Flag;
  forceSettings: Flag;
  coordinateFormat: string | null;
  poiLayer: string | null;
  announcement: string | null;
  attributes: string;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the cookie value; the cookie itself is never stored. */
  id: string;
  userId: number;
  created: Millis;
  expires: Millis;
  lastSeen: Millis;
  origin: string | null;
  remember: Flag;
}

export interface TokensTable {
  id: Generated<number>;
  hash: string;
  userId: number;
  created: Millis;
  expires: Millis;
  revoked: Flag;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  tokenHash: string;
  userId: number;
  created: Millis;
  expires: Millis;
  usedAt: Millis | null;
}

export interface Tables {
  users: UsersTable;
  servers: ServersTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  passwordResets: PasswordResetsTable;
}

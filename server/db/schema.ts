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
  /** The API token the session was started from; the session ends with it. */
  tokenId: number | null;
  /** The user who signed in, while the session acts as another user (`GET /api/session/{id}`). */
  impersonatorId: number | null;
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

/** A Traccar entity's JSON attributes, stored as text. */
type Json = string;

export interface GroupsTable {
  id: Generated<number>;
  name: string;
  groupId: number | null;
  attributes: Json;
}

export interface CalendarsTable {
  id: Generated<number>;
  name: string;
  /** Base64 iCalendar text, as the API sends it. */
  data: string;
  attributes: Json;
}

export interface DevicesTable {
  id: Generated<number>;
  name: string;
  uniqueId: string;
  status: string | null;
  lastUpdate: Millis | null;
  positionId: number | null;
  groupId: number | null;
  calendarId: number | null;
  phone: string | null;
  model: string | null;
  contact: string | null;
  category: string | null;
  disabled: Flag;
  expirationTime: Millis | null;
  /** Pipeline state (JSON), never sent to clients. */
  state: Json;
  attributes: Json;
}

export interface GeofencesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  area: string;
  calendarId: number | null;
  attributes: Json;
}

export interface CommandsTable {
  id: Generated<number>;
  description: string | null;
  type: string;
  textChannel: Flag;
  attributes: Json;
}

export interface NotificationsTable {
  id: Generated<number>;
  type: string;
  description: string | null;
  always: Flag;
  notificators: string;
  calendarId: number | null;
  commandId: number | null;
  attributes: Json;
}

export interface DriversTable {
  id: Generated<number>;
  name: string;
  uniqueId: string;
  attributes: Json;
}

export interface MaintenancesTable {
  id: Generated<number>;
  name: string;
  type: string;
  start: number;
  period: number;
  attributes: Json;
}

/** Computed attributes. */
export interface AttributesTable {
  id: Generated<number>;
  description: string | null;
  attribute: string;
  expression: string;
  type: string;
  priority: number;
}

export interface PositionsTable {
  id: Generated<number>;
  protocol: string | null;
  deviceId: number;
  serverTime: Millis;
  deviceTime: Millis;
  fixTime: Millis;
  valid: Flag;
  latitude: number;
  longitude: number;
  altitude: number;
  speed: number;
  course: number;
  address: string | null;
  accuracy: number;
  /** JSON or null. */
  network: string | null;
  /** JSON array of ids, or null when none. */
  geofenceIds: string | null;
  attributes: Json;
}

export interface EventsTable {
  id: Generated<number>;
  type: string;
  eventTime: Millis;
  deviceId: number;
  positionId: number | null;
  geofenceId: number | null;
  maintenanceId: number | null;
  attributes: Json;
}

/** A calendar occurrence a scheduled notification fired for (the claim that it fires once). */
export interface NotificationFiresTable {
  notificationId: number;
  /** Start of the occurrence (epoch ms). */
  occurrence: Millis;
  fired: Millis;
}

/** A scheduled report (Traccar's `Report`): mailed when a period of its calendar ends. */
export interface ReportsTable {
  id: Generated<number>;
  type: string;
  description: string | null;
  calendarId: number;
  attributes: Json;
}

/** A calendar period a scheduled report was mailed for (the claim that it is mailed once). */
export interface ReportFiresTable {
  reportId: number;
  /** Start of the period (epoch ms). */
  occurrence: Millis;
  fired: Millis;
}

export interface QueuedCommandsTable {
  id: Generated<number>;
  deviceId: number;
  type: string;
  textChannel: Flag;
  created: Millis;
  attributes: Json;
}

/** A shared link; `shareUserId` is the temporary user its viewer signs in as. */
export interface SharesTable {
  id: Generated<number>;
  userId: number;
  shareUserId: number;
  name: string;
  expirationTime: Millis;
  limitCommands: Flag;
  token: string;
  created: Millis;
}

export interface ShareDeviceTable {
  shareId: number;
  deviceId: number;
}

/** One audit record of a change made through the API (see `server/audit/`). */
export interface AuditLogsTable {
  id: Generated<number>;
  time: Millis;
  userId: number | null;
  username: string | null;
  sessionId: string | null;
  clientIp: string | null;
  userAgent: string | null;
  serverIp: string | null;
  serverHost: string | null;
  code: string;
  objectType: string | null;
  objectId: number | null;
  /** JSON text of the wire object map (`{"deviceId":5}`). */
  object: string | null;
  status: number;
  oldValues: string | null;
  newValues: string | null;
  command: string | null;
}

/** One day of server usage, summed over instances (see `server/statistics/`). */
export interface StatisticsTable {
  id: Generated<number>;
  /** Start of the day (server time zone). */
  captureTime: Millis;
  activeUsers: Generated<number>;
  activeDevices: Generated<number>;
  requests: Generated<number>;
  messagesReceived: Generated<number>;
  messagesStored: Generated<number>;
  mailSent: Generated<number>;
  smsSent: Generated<number>;
  geocoderRequests: Generated<number>;
  geolocationRequests: Generated<number>;
  protocols: string | null;
  attributes: Generated<string>;
}

/** A user or device active on a day not yet folded into its statistics row. */
export interface StatisticsActiveTable {
  captureTime: Millis;
  kind: 'user' | 'device';
  objectId: number;
  protocol: string | null;
}

export interface InvoicesTable {
  id: Generated<number>;
  userId: number;
  /** Integer cents. */
  value: number;
  description: string | null;
  status: string;
  /** Calendar day `YYYY-MM-DD`. */
  dueDate: string;
  paidDate: Millis | null;
  paymentLink: string | null;
  providerId: string | null;
  /** Fine, interest and discount as agreed when the invoice was issued (JSON). */
  terms: string;
  created: Millis;
}

/** The server-owned billing state of a user (never in the attributes the user may edit). */
export interface BillingAccountsTable {
  userId: number;
  suspended: Flag;
  manual: Flag;
  exempt: Flag;
  trustUsed: Flag;
  graceUntil: Millis | null;
  providerCustomerId: string | null;
  updated: Millis;
}

/** One row per user and billing month, claimed before the provider is called. */
export interface BillingPeriodsTable {
  userId: number;
  /** `YYYY-MM` of the due date. */
  period: string;
  invoiceId: number | null;
  claimed: Millis;
}

export interface IntegrationsTable {
  key: string;
  /** JSON object as text. */
  settings: string;
  updated: Millis;
}

/** A pending QR-driver auto-logout or lock (`kind`), at most one per kind and device. */
export interface QrDriverTimersTable {
  id: Generated<number>;
  kind: string;
  deviceId: number;
  userId: number | null;
  due: Millis;
}

/** A cluster lease (docs/scaling.md): who holds `name` until `expires` (database clock). */
export interface ClusterLeasesTable {
  name: string;
  holder: string;
  expires: Millis;
}

/** An identifier a tracker sent that no device is registered under (`devices/connecting.ts`). */
export interface ConnectingDevicesTable {
  uniqueId: string;
  protocol: string;
  address: string;
  firstSeen: Millis;
  lastSeen: Millis;
  attempts: number;
}

/** Who an engine rule acts for (`commands/ruleOwners.ts`); `kind`: device, driver or geofence. */
export interface RuleOwnersTable {
  kind: string;
  objectId: number;
  userId: number;
}

/** The last one-time-code step a user signed in with (`auth/totp.ts`). */
export interface TotpStepsTable {
  userId: number;
  step: number;
}

/** A notification template an administrator edited (`notifications/templates/store.ts`). */
export interface NotificationTemplatesTable {
  type: string;
  language: string;
  subject: string;
  body: string;
  updated: Millis;
}

export interface ResellerDomainsTable {
  domain: string;
  userId: number;
}

/** Every permission link table has two id columns; see `db/links.ts`. */
type LinkTable<Owner extends string, Property extends string> = Record<
  `${Owner}Id` | `${Property}Id`,
  number
>;

export interface LinkTables {
  userDevice: LinkTable<'user', 'device'>;
  userGroup: LinkTable<'user', 'group'>;
  userGeofence: LinkTable<'user', 'geofence'>;
  userNotification: LinkTable<'user', 'notification'>;
  userCalendar: LinkTable<'user', 'calendar'>;
  userAttribute: LinkTable<'user', 'attribute'>;
  userDriver: LinkTable<'user', 'driver'>;
  userCommand: LinkTable<'user', 'command'>;
  userMaintenance: LinkTable<'user', 'maintenance'>;
  userManagedUser: LinkTable<'user', 'managedUser'>;
  groupGeofence: LinkTable<'group', 'geofence'>;
  groupNotification: LinkTable<'group', 'notification'>;
  groupAttribute: LinkTable<'group', 'attribute'>;
  groupDriver: LinkTable<'group', 'driver'>;
  groupCommand: LinkTable<'group', 'command'>;
  groupMaintenance: LinkTable<'group', 'maintenance'>;
  deviceGeofence: LinkTable<'device', 'geofence'>;
  deviceNotification: LinkTable<'device', 'notification'>;
  deviceAttribute: LinkTable<'device', 'attribute'>;
  deviceDriver: LinkTable<'device', 'driver'>;
  deviceCommand: LinkTable<'device', 'command'>;
  deviceMaintenance: LinkTable<'device', 'maintenance'>;
  deviceLinkedDevice: LinkTable<'device', 'linkedDevice'>;
  userReport: LinkTable<'user', 'report'>;
  groupReport: LinkTable<'group', 'report'>;
  deviceReport: LinkTable<'device', 'report'>;
}

export interface Tables extends LinkTables {
  users: UsersTable;
  servers: ServersTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  passwordResets: PasswordResetsTable;
  groups: GroupsTable;
  calendars: CalendarsTable;
  devices: DevicesTable;
  geofences: GeofencesTable;
  commands: CommandsTable;
  notifications: NotificationsTable;
  drivers: DriversTable;
  maintenances: MaintenancesTable;
  attributes: AttributesTable;
  positions: PositionsTable;
  events: EventsTable;
  queuedCommands: QueuedCommandsTable;
  notificationFires: NotificationFiresTable;
  reports: ReportsTable;
  reportFires: ReportFiresTable;
  shares: SharesTable;
  shareDevice: ShareDeviceTable;
  auditLogs: AuditLogsTable;
  statistics: StatisticsTable;
  statisticsActive: StatisticsActiveTable;
  invoices: InvoicesTable;
  billingAccounts: BillingAccountsTable;
  billingPeriods: BillingPeriodsTable;
  integrations: IntegrationsTable;
  qrDriverTimers: QrDriverTimersTable;
  resellerDomains: ResellerDomainsTable;
  clusterLeases: ClusterLeasesTable;
  connectingDevices: ConnectingDevicesTable;
  ruleOwners: RuleOwnersTable;
  totpSteps: TotpStepsTable;
  notificationTemplates: NotificationTemplatesTable;
}

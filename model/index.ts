export type { User } from './user';
export type { ResellerOverview } from './reseller';
export type { Server } from './server';
export { defaultBrand } from './brand';
export type { Device, DeviceStatus } from './device';
export type { Position, PositionAttributes, Network, CellTower, WifiAccessPoint } from './position';
export type { Event, EventType } from './event';
export { EVENT_TYPES, EXTENSION_EVENT_TYPES } from './event';
export type { Geofence, GeofenceCoverage } from './geofence';
export type { ComputedAttribute, AttributeType } from './attribute';
export { ATTRIBUTE_TYPES } from './attribute';
export type { Command, QueuedCommand } from './command';
export type { Group } from './group';
export type { Calendar } from './calendar';
export type { Notification } from './notification';
export { SCHEDULED_NOTIFICATION, isEventNotification } from './notification';
export type { Driver } from './driver';
export type { Maintenance } from './maintenance';
export { COMMAND_TYPES } from './command';
export type { PermName, PermsContext } from './advancedPerms';
export { encodePerms, advancedPermission, advancedPermsApply, bitAllows } from './advancedPerms';
export type { ImpersonationState } from './session';
export type { Statistics, StatisticsCounter } from './statistics';
export { STATISTICS_COUNTERS } from './statistics';
export {
  NAME_MAX_LENGTH,
  CONTACT_MAX_LENGTH,
  TYPE_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  URL_MAX_LENGTH,
  AREA_MAX_LENGTH,
  CALENDAR_DATA_MAX_LENGTH,
  ATTRIBUTES_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './textLimits';

export type { User } from './user';
export type { ResellerOverview } from './reseller';
export type { Server } from './server';
export type { BrandConfig } from './brand';
export { defaultBrand } from './brand';
export type { Device, DeviceStatus } from './device';
export type { Position, PositionAttributes, Network, CellTower, WifiAccessPoint } from './position';
export type { Event, EventType } from './event';
export { EVENT_TYPES, isEventType } from './event';
export type { Geofence, GeofenceAttributes } from './geofence';
export type { ComputedAttribute, AttributeType } from './attribute';
export { ATTRIBUTE_TYPES } from './attribute';
export type { AlarmKey } from './alarm';
export { ALARM_KEYS, isAlarmKey } from './alarm';
export type { Command, CommandType, QueuedCommand } from './command';
export type { Group } from './group';
export type { Calendar } from './calendar';
export type { Notification } from './notification';
export type { Driver } from './driver';
export type { Maintenance } from './maintenance';
export type { Permission } from './permission';
export { COMMAND_TYPES } from './command';
export type { PermName, PermFlags, PermsContext } from './advancedPerms';
export {
  PERM_BITS,
  PERM_NAMES,
  PERM_BIT_COUNT,
  PermsFormatError,
  isValidPerms,
  readBit,
  decodePerms,
  encodePerms,
  hasPerm,
  advancedPermission,
} from './advancedPerms';

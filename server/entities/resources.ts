import {
  AREA_MAX_LENGTH,
  ATTRIBUTE_TYPES,
  CALENDAR_DATA_MAX_LENGTH,
  CONTACT_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  TYPE_MAX_LENGTH,
} from '../../model';
import { IllegalArgumentException } from '../errors';
import { compileExpression, ExpressionError } from '../processing/expression';
import { validateArea } from '../../model/geofenceArea';
import { checkDeviceLimits } from '../devices/deviceLimit';
import { eventNotificationDenial } from '../permissions/checkAccess';
import { checkCalendarData } from './calendarData';
import { checkScheduledReport } from '../reports/scheduledDef';
import type { EntityDef } from './definition';
import { checkGroupParent } from './groupTree';
import { syncDriverAccount } from '../qrDriver/driverAccount';
import { recordRuleOwner } from '../commands/ruleOwners';

const attributes = { kind: 'json' } as const;
const name = { kind: 'text', required: true, maxLength: NAME_MAX_LENGTH } as const;
const uniqueId = { kind: 'text', required: true, maxLength: NAME_MAX_LENGTH } as const;
const shortText = { kind: 'optText', maxLength: NAME_MAX_LENGTH } as const;
const description = { kind: 'optText', maxLength: DESCRIPTION_MAX_LENGTH } as const;
const type = { kind: 'text', required: true, maxLength: TYPE_MAX_LENGTH } as const;

export const devices: EntityDef = {
  kind: 'device',
  area: 'devices',
  fields: {
    name,
    uniqueId,
    // A device that never reported has no stored status; Traccar sends it as offline, and
    // clients read the status as text (traccar-web capitalises it).
    status: { kind: 'optText', serverManaged: true, nullAs: 'offline' },
    disabled: { kind: 'flag' },
    lastUpdate: { kind: 'millis', serverManaged: true },
    positionId: { kind: 'ref', serverManaged: true },
    groupId: { kind: 'ref', target: 'group' },
    calendarId: { kind: 'ref', target: 'calendar' },
    phone: shortText,
    model: shortText,
    contact: { kind: 'optText', maxLength: CONTACT_MAX_LENGTH },
    category: shortText,
    expirationTime: { kind: 'millis' },
    attributes,
  },
  sort: 'name',
  keywords: ['name', 'uniqueId', 'phone', 'model', 'contact'],
  extended: false,
  unique: 'uniqueId',
  hooks: {
    async beforeSave(ctx, _wire, id) {
      if (id === 0) await checkDeviceLimits(ctx.db, ctx.actor);
    },
    // The QR lock of a vehicle left without a driver acts as whoever turned it on.
    afterSave: (ctx, wire, id, before) => recordRuleOwner('device', ctx, wire, id, before),
  },
};

export const groups: EntityDef = {
  kind: 'group',
  area: 'groups',
  fields: { name, groupId: { kind: 'ref', target: 'group' }, attributes },
  sort: 'name',
  keywords: ['name'],
  extended: false,
  hooks: {
    beforeSave: (ctx, wire, id) => checkGroupParent(ctx.db, id, wire.groupId as number),
  },
};

export const geofences: EntityDef = {
  kind: 'geofence',
  area: 'geofences',
  fields: {
    name,
    // Traccar's column is as short as a name.
    description: shortText,
    area: { kind: 'text', required: true, maxLength: AREA_MAX_LENGTH },
    calendarId: { kind: 'ref', target: 'calendar' },
    attributes,
  },
  sort: 'name',
  keywords: ['name'],
  extended: true,
  hooks: {
    validate(wire) {
      const problem = validateArea(wire.area as string);
      if (problem) throw new IllegalArgumentException(problem);
    },
    // Lock on entry or exit acts as whoever turned it on.
    afterSave: (ctx, wire, id, before) => recordRuleOwner('geofence', ctx, wire, id, before),
  },
};

export const calendars: EntityDef = {
  kind: 'calendar',
  area: 'calendars',
  fields: {
    name,
    data: { kind: 'text', required: true, maxLength: CALENDAR_DATA_MAX_LENGTH },
    attributes,
  },
  sort: 'name',
  keywords: ['name'],
  extended: false,
  hooks: { validate: (wire) => checkCalendarData(wire.data as string) },
};

export const commands: EntityDef = {
  kind: 'command',
  area: 'commands',
  fields: {
    description,
    type,
    textChannel: { kind: 'flag' },
    attributes,
  },
  constants: { deviceId: 0 },
  sort: 'description',
  keywords: ['description', 'type'],
  extended: true,
};

export const notifications: EntityDef = {
  kind: 'notification',
  area: 'notifications',
  fields: {
    type,
    description,
    always: { kind: 'flag' },
    notificators: { kind: 'text', maxLength: TYPE_MAX_LENGTH },
    calendarId: { kind: 'ref', target: 'calendar' },
    commandId: { kind: 'ref', target: 'command' },
    attributes,
  },
  sort: 'description',
  keywords: ['description', 'type'],
  extended: true,
  hooks: { authorize: eventNotificationDenial },
};

export const drivers: EntityDef = {
  kind: 'driver',
  area: 'drivers',
  fields: { name, uniqueId, attributes },
  sort: 'name',
  keywords: ['name', 'uniqueId'],
  extended: true,
  unique: 'uniqueId',
  // QR check-in: the driver's own account follows the driver (docs/qr-driver.md).
  // Its lock and unlock rules act as whoever turned them on.
  hooks: {
    beforeSave: syncDriverAccount,
    afterSave: (ctx, wire, id, before) => recordRuleOwner('driver', ctx, wire, id, before),
  },
};

export const maintenances: EntityDef = {
  kind: 'maintenance',
  area: 'maintenance',
  fields: {
    name,
    type,
    start: { kind: 'number' },
    period: { kind: 'number' },
    attributes,
  },
  sort: 'name',
  keywords: ['name', 'type'],
  extended: true,
};

/** Computed attributes: no attributes map of their own. */
export const computedAttributes: EntityDef = {
  kind: 'attribute',
  area: 'attributes',
  fields: {
    description: { kind: 'text', maxLength: DESCRIPTION_MAX_LENGTH },
    attribute: type,
    expression: { kind: 'text', required: true, maxLength: DESCRIPTION_MAX_LENGTH },
    type,
    priority: { kind: 'integer' },
  },
  sort: 'description',
  keywords: ['description', 'attribute'],
  extended: true,
  hooks: {
    validate(wire) {
      if (!(ATTRIBUTE_TYPES as readonly unknown[]).includes(wire.type)) {
        throw new IllegalArgumentException(`type must be one of ${ATTRIBUTE_TYPES.join(', ')}`);
      }
      try {
        compileExpression(wire.expression as string);
      } catch (error) {
        if (error instanceof ExpressionError) throw new IllegalArgumentException(error.message);
        throw error;
      }
    },
  },
};

/** Scheduled reports (Traccar's `Report`): mailed to linked users when a calendar period ends. */
export const scheduledReports: EntityDef = {
  kind: 'report',
  area: 'reports',
  fields: {
    type,
    description,
    calendarId: { kind: 'ref', target: 'calendar' },
    attributes,
  },
  sort: 'description',
  keywords: ['description'],
  extended: true,
  hooks: { validate: checkScheduledReport },
};

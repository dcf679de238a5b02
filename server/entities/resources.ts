import {
  ATTRIBUTE_TYPES,
  CALENDAR_DATA_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  TYPE_MAX_LENGTH,
} from '../../model';
import { IllegalArgumentException } from '../errors';
import { compileExpression, ExpressionError } from '../processing/expression';
import { eventNotificationDenial } from '../permissions/checkAccess';
import { checkCalendarData } from './calendarData';
import type { EntityDef } from './definition';
import { attributes, description, name, type } from './fields';
import { checkGroupParent } from './groupTree';

/*
 * The entities whose rules need nothing beyond this folder and the access checks. Those with a
 * domain's hooks live with their domain: devices in devices/, geofences in geofences/, drivers in
 * qrDriver/, scheduled reports in reports/.
 */

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

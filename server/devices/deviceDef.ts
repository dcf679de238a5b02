import { CONTACT_MAX_LENGTH } from '../../model';
import { recordRuleOwner } from './ruleOwners';
import type { EntityDef } from '../entities/definition';
import { attributes, name, shortText, uniqueId } from '../entities/fields';
import { checkDeviceLimits } from './deviceLimit';

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

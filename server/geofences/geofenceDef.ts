import { AREA_MAX_LENGTH } from '../../model';
import { validateArea } from '../../model/geofenceArea';
import { recordRuleOwner } from '../devices/ruleOwners';
import type { EntityDef } from '../entities/definition';
import { attributes, name, shortText } from '../entities/fields';
import { IllegalArgumentException } from '../errors';

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

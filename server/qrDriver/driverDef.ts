import { recordRuleOwner } from '../devices/ruleOwners';
import type { EntityDef } from '../entities/definition';
import { attributes, name, uniqueId } from '../entities/fields';
import { syncDriverAccount } from './driverAccount';

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

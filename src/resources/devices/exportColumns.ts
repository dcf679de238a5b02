import type { Device } from '../../../model/device';
import type { ExportColumn } from '../common/listSheet';
import {
  DATE_KEYS,
  INSTALLATION_KEYS,
  NUMBER_KEYS,
  OWNER_KEYS,
  SIM_KEYS,
  SPEED_KEYS,
  VEHICLE_KEYS,
  attributeLabel,
} from './deviceFields';

/** The device form's own attributes, each in a column of its kind when some device has it. */
const attributeColumns: ExportColumn<Device>[] = [
  ...VEHICLE_KEYS,
  ...SIM_KEYS,
  ...OWNER_KEYS,
  ...INSTALLATION_KEYS,
]
  .filter((key) => key !== 'placa')
  .map((key) => ({
    source: `attributes.${key}`,
    label: attributeLabel(key),
    kind: DATE_KEYS.has(key)
      ? 'day'
      : NUMBER_KEYS.has(key)
        ? 'number'
        : SPEED_KEYS.has(key)
          ? 'speed'
          : 'text',
    optional: true,
  }));

/**
 * The device list's spreadsheet: the list's columns (the group by name, where the user may read
 * groups), then the rest of the device's form.
 */
export const deviceExportColumns = (withGroups: boolean): ExportColumn<Device>[] => [
  { source: 'name' },
  { source: 'uniqueId' },
  { source: 'attributes.placa', label: attributeLabel('placa') },
  ...(withGroups ? [{ source: 'groupId', reference: 'groups' }] : []),
  {
    source: 'status',
    render: (r, { translate: t }) => t(`devices.status.${r.status ?? 'unknown'}`),
  },
  { source: 'lastUpdate', kind: 'date' },
  { source: 'phone' },
  { source: 'model' },
  { source: 'contact' },
  {
    source: 'category',
    render: (r, { translate: t }) =>
      r.category ? t(`categories.${r.category}`, { _: r.category }) : null,
  },
  { source: 'disabled' },
  { source: 'expirationTime', kind: 'date' },
  ...attributeColumns,
];

import type { Maintenance } from '../../../model/maintenance';
import { DISTANCE_LABELS } from '../../../model/spreadsheet';
import { formatNumber } from '../../i18n/formatters';
import type { CellContext, ExportColumn } from '../common/listSheet';
import { toDisplay } from './MaintenanceForm';

/**
 * `start` or `period` with its unit, as the list shows it: rows watch different values, so one
 * column holds distances (in the reader's unit) and engine hours alike.
 */
const amount = (
  record: Maintenance,
  field: 'start' | 'period',
  { translate, format, prefs }: CellContext,
) => {
  const value = record[field];
  if (typeof value !== 'number') return null;
  if (record.type === 'totalDistance') {
    const distance = formatNumber(format.distance(value), prefs.language, { max: 2 });
    return `${distance} ${DISTANCE_LABELS[prefs.distanceUnit]}`;
  }
  const shown = toDisplay(value, record.type) as number;
  const unit = translate(`admin.maintenance.units.${record.type}`, { _: '' });
  return `${formatNumber(shown, prefs.language, { max: 2 })} ${unit}`.trim();
};

/** The maintenance list's spreadsheet: what each schedule watches, from when and how often. */
export const maintenanceExportColumns: ExportColumn<Maintenance>[] = [
  { source: 'name' },
  {
    source: 'type',
    render: (r, { translate }) => translate(`admin.maintenance.types.${r.type}`, { _: r.type }),
  },
  { source: 'start', render: (r, context) => amount(r, 'start', context) },
  { source: 'period', render: (r, context) => amount(r, 'period', context) },
];

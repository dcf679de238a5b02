import type { Geofence } from '../../../model/geofence';
import { parseGeofenceArea } from '../../map/geofenceArea';
import type { ExportColumn } from '../common/listSheet';

/** The geofence list's spreadsheet: name, description, shape, and the form's optional fields. */
export const geofenceExportColumns: ExportColumn<Geofence>[] = [
  { source: 'name' },
  { source: 'description' },
  {
    source: 'area',
    render: (r, { translate: t }) => {
      const shape = parseGeofenceArea(r.area);
      return shape ? t(`admin.geofence.shapes.${shape.type}`) : null;
    },
  },
  { source: 'calendarId', reference: 'calendars', optional: true },
  { source: 'attributes.speedLimit', kind: 'speed', optional: true },
];

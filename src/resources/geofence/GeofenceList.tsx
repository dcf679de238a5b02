import { DataTable, useTranslate } from 'react-admin';
import { parseGeofenceArea } from '../../map/geofenceArea';
import type { Geofence } from '../../../model/geofence';
import { AdminTable } from '../common/AdminTable';
import { ResourceList } from '../common/ResourceList';
import { geofenceExportColumns } from './exportColumns';
import { useGeofenceDevices } from './GeofenceTargetsInput';

const Column = DataTable.Col<Geofence>;

const ShapeName = ({ area }: { area: string }) => {
  const translate = useTranslate();
  const shape = parseGeofenceArea(area);
  return <>{shape ? translate(`admin.geofence.shapes.${shape.type}`) : '—'}</>;
};

/** How many of the user's devices the geofence is checked against (directly or by group). */
const DeviceCount = ({ id }: { id: number }) => {
  const { data: devices } = useGeofenceDevices();
  return <>{devices ? (devices[id] ?? []).length : '…'}</>;
};

export const GeofenceList = () => (
  <ResourceList exportColumns={geofenceExportColumns}>
    <AdminTable>
      <Column source="name" />
      <Column source="description" />
      <Column source="area" disableSort render={(r) => <ShapeName area={r.area} />} />
      <Column
        source="id"
        label="geofenceLinks.column"
        disableSort
        render={(r) => <DeviceCount id={r.id} />}
      />
    </AdminTable>
  </ResourceList>
);

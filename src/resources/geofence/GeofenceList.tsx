import { BulkDeleteButton, DataTable, useTranslate } from 'react-admin';
import { parseGeofenceArea } from '../../map/geofenceArea';
import type { Geofence } from '../../../model/geofence';
import { ResourceList } from '../common/ResourceList';

const Column = DataTable.Col<Geofence>;

const ShapeName = ({ area }: { area: string }) => {
  const translate = useTranslate();
  const shape = parseGeofenceArea(area);
  return <>{shape ? translate(`admin.geofence.shapes.${shape.type}`) : '—'}</>;
};

export const GeofenceList = () => (
  <ResourceList>
    <DataTable rowClick="edit" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
      <Column source="name" />
      <Column source="description" />
      <Column source="area" disableSort render={(r) => <ShapeName area={r.area} />} />
    </DataTable>
  </ResourceList>
);

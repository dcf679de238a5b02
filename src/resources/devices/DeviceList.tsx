import {
  BulkDeleteButton,
  DataTable,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  useTranslate,
} from 'react-admin';
import { DateTimeText } from '../common/fields';
import { CategoryIcon } from '../../map/markers/CategoryIcon';
import type { Device } from '../../../model/device';
import { ResourceList } from '../common/ResourceList';
import { DeviceCreateButton } from './DeviceCreateButton';

const Column = DataTable.Col<Device>;

const STATUSES = ['online', 'offline', 'unknown'].map((id) => ({
  id,
  name: `devices.status.${id}`,
}));

const filters = [
  <ReferenceInput source="groupId" reference="groups" key="groupId">
    <SelectInput optionText="name" />
  </ReferenceInput>,
  <SelectInput source="status" choices={STATUSES} key="status" />,
];

const StatusText = ({ record }: { record: Device }) => {
  const translate = useTranslate();
  return <>{translate(`devices.status.${record.status ?? 'unknown'}`)}</>;
};

export const DeviceList = () => (
  <ResourceList filters={filters} createButton={<DeviceCreateButton />}>
    <DataTable rowClick="edit" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
      <Column
        source="category"
        disableSort
        render={(record) => (
          <CategoryIcon category={record.category} attributes={record.attributes} />
        )}
      />
      <Column source="name" />
      <Column source="uniqueId" />
      <Column source="attributes.placa" />
      <Column source="groupId">
        <ReferenceField source="groupId" reference="groups" link={false} emptyText="—" />
      </Column>
      <Column source="status" render={(record) => <StatusText record={record} />} />
      <Column source="lastUpdate">
        <DateTimeText source="lastUpdate" />
      </Column>
    </DataTable>
  </ResourceList>
);

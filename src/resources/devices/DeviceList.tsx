import { useMemo } from 'react';
import {
  BooleanField,
  DataTable,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  useTranslate,
} from 'react-admin';
import { DateTimeText } from '../common/fields';
import { CategoryIcon } from '../../map/markers/CategoryIcon';
import type { Device } from '../../../model/device';
import { useAccess } from '../../authProvider/useAccess';
import { ConnectingDevicesHint } from '../../connectingDevices';
import { AdminTable } from '../common/AdminTable';
import { BulkCommandAction } from '../common/bulk/BulkCommandAction';
import { BulkEnableActions } from '../common/bulk/BulkEnableActions';
import { BulkGroupAction } from '../common/bulk/BulkGroupAction';
import { BulkLinkAction } from '../common/bulk/BulkLinkAction';
import { StandardBulkActions } from '../common/bulk/StandardBulkActions';
import { ResourceList } from '../common/ResourceList';
import { DeviceCreateButton } from './DeviceCreateButton';
import { deviceExportColumns } from './exportColumns';

const Column = DataTable.Col<Device>;

const STATUSES = ['online', 'offline', 'unknown'].map((id) => ({
  id,
  name: `devices.status.${id}`,
}));

const groupFilter = (
  <ReferenceInput source="groupId" reference="groups" key="groupId">
    <SelectInput optionText="name" />
  </ReferenceInput>
);
const statusFilter = <SelectInput source="status" choices={STATUSES} key="status" />;

const StatusText = ({ record }: { record: Device }) => {
  const translate = useTranslate();
  return <>{translate(`devices.status.${record.status ?? 'unknown'}`)}</>;
};

/** What the device table does to its selected rows; each action shows only to who may do it. */
const DeviceBulkActions = () => (
  <>
    <BulkGroupAction />
    <BulkLinkAction target="geofence" />
    <BulkLinkAction target="notifications" />
    <BulkEnableActions />
    <BulkCommandAction />
    <StandardBulkActions />
  </>
);

export const DeviceList = () => {
  // Group names come from /api/groups, which a user without the groups area may not read.
  const groups = useAccess().can('list', 'groups');
  const exportColumns = useMemo(() => deviceExportColumns(groups), [groups]);
  return (
    <ResourceList
      exportColumns={exportColumns}
      filters={groups ? [groupFilter, statusFilter] : [statusFilter]}
      createButton={<DeviceCreateButton />}
      notice={<ConnectingDevicesHint />}
      bulkActions={<DeviceBulkActions />}
    >
      <AdminTable>
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
        {groups && (
          <Column source="groupId">
            <ReferenceField source="groupId" reference="groups" link={false} emptyText="—" />
          </Column>
        )}
        <Column source="status" render={(record) => <StatusText record={record} />} />
        <Column source="disabled">
          <BooleanField source="disabled" />
        </Column>
        <Column source="lastUpdate">
          <DateTimeText source="lastUpdate" />
        </Column>
      </AdminTable>
    </ResourceList>
  );
};

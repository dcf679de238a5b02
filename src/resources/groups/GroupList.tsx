import { DataTable, ReferenceField } from 'react-admin';
import type { Group } from '../../../model/group';
import { AdminTable } from '../common/AdminTable';
import { BulkLinkAction } from '../common/bulk/BulkLinkAction';
import { StandardBulkActions } from '../common/bulk/StandardBulkActions';
import { ResourceList } from '../common/ResourceList';
import { groupExportColumns } from './exportColumns';

const Column = DataTable.Col<Group>;

/** What the group table does to its selected rows: links, export, delete. */
const GroupBulkActions = () => (
  <>
    <BulkLinkAction target="geofence" />
    <BulkLinkAction target="notifications" />
    <StandardBulkActions />
  </>
);

export const GroupList = () => (
  <ResourceList exportColumns={groupExportColumns} bulkActions={<GroupBulkActions />}>
    <AdminTable>
      <Column source="name" />
      <Column source="groupId">
        <ReferenceField source="groupId" reference="groups" link={false} emptyText="—" />
      </Column>
    </AdminTable>
  </ResourceList>
);

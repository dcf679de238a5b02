import { BulkDeleteButton, DataTable, ReferenceField } from 'react-admin';
import type { Group } from '../../../model/group';
import { ResourceList } from '../common/ResourceList';
import { groupExportColumns } from './exportColumns';

const Column = DataTable.Col<Group>;

export const GroupList = () => (
  <ResourceList exportColumns={groupExportColumns}>
    <DataTable rowClick="edit" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
      <Column source="name" />
      <Column source="groupId">
        <ReferenceField source="groupId" reference="groups" link={false} emptyText="—" />
      </Column>
    </DataTable>
  </ResourceList>
);

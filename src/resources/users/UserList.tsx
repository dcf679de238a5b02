import { BooleanField, BulkDeleteButton, DataTable, DateField } from 'react-admin';
import type { User } from '../../../model/user';
import { ResourceList } from '../common/ResourceList';

const Column = DataTable.Col<User>;

/** Share users (`attributes.isShared`) never reach this list (the data provider drops them). */
export const UserList = () => (
  <ResourceList>
    <DataTable rowClick="edit" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
      <Column source="name" />
      <Column source="email" />
      <Column source="phone" />
      <Column source="administrator">
        <BooleanField source="administrator" />
      </Column>
      <Column source="disabled">
        <BooleanField source="disabled" />
      </Column>
      <Column source="expirationTime">
        <DateField source="expirationTime" showTime emptyText="—" />
      </Column>
    </DataTable>
  </ResourceList>
);

import { BooleanField, BulkDeleteButton, DataTable } from 'react-admin';
import { DateTimeText } from '../common/fields';
import type { User } from '../../../model/user';
import { ResourceList } from '../common/ResourceList';
import { userExportColumns } from './exportColumns';
import { LoginAsIconButton } from './LoginAsButton';

const Column = DataTable.Col<User>;

/** Share users (`attributes.isShared`) never reach this list (the data provider drops them). */
export const UserList = () => (
  <ResourceList exportColumns={userExportColumns}>
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
        <DateTimeText source="expirationTime" />
      </Column>
      <Column label="signIn.impersonation.loginAs" disableSort>
        <LoginAsIconButton />
      </Column>
    </DataTable>
  </ResourceList>
);

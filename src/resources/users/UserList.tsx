import { BooleanField, DataTable } from 'react-admin';
import { DateTimeText } from '../common/fields';
import type { User } from '../../../model/user';
import { AdminTable } from '../common/AdminTable';
import { BulkEnableActions } from '../common/bulk/BulkEnableActions';
import { BulkLinkAction } from '../common/bulk/BulkLinkAction';
import { StandardBulkActions } from '../common/bulk/StandardBulkActions';
import { ResourceList } from '../common/ResourceList';
import { userExportColumns } from './exportColumns';
import { LoginAsIconButton } from './LoginAsButton';

const Column = DataTable.Col<User>;

/** Share users (`attributes.isShared`) never reach this list (the data provider drops them). */
/** What the user table does to its selected rows: a group's devices, on/off, export, delete. */
const UserBulkActions = () => (
  <>
    <BulkLinkAction target="groups" />
    <BulkEnableActions />
    <StandardBulkActions />
  </>
);

export const UserList = () => (
  <ResourceList exportColumns={userExportColumns} bulkActions={<UserBulkActions />}>
    <AdminTable>
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
    </AdminTable>
  </ResourceList>
);

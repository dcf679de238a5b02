import { LogsToolbar } from '../common/LogsButton';
import { EntityCreate, EntityEdit } from '../common/EntityForms';
import { LoginAsButton } from './LoginAsButton';
import { UserForm } from './UserForm';
import { userTransform } from './userTransform';

export const UserEdit = () => (
  <EntityEdit
    transform={userTransform}
    actions={
      <LogsToolbar kind="users">
        <LoginAsButton />
      </LogsToolbar>
    }
  >
    <UserForm />
  </EntityEdit>
);

export const UserCreate = () => (
  <EntityCreate transform={userTransform}>
    <UserForm />
  </EntityCreate>
);

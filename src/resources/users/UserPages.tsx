import { EntityCreate, EntityEdit } from '../common/EntityForms';
import { UserForm } from './UserForm';
import { userTransform } from './userTransform';

export const UserEdit = () => (
  <EntityEdit transform={userTransform}>
    <UserForm />
  </EntityEdit>
);

export const UserCreate = () => (
  <EntityCreate transform={userTransform}>
    <UserForm />
  </EntityCreate>
);

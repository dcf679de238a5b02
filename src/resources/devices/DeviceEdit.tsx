import { EntityEdit } from '../common/EntityForms';
import { DeviceForm } from './DeviceForm';

export const DeviceEdit = () => (
  <EntityEdit>
    <DeviceForm />
  </EntityEdit>
);

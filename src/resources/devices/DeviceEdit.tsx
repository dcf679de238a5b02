import { LogsToolbar } from '../common/LogsButton';
import { EntityEdit } from '../common/EntityForms';
import { DeviceForm } from './DeviceForm';

export const DeviceEdit = () => (
  <EntityEdit actions={<LogsToolbar kind="devices" />}>
    <DeviceForm />
  </EntityEdit>
);

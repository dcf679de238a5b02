import { TopToolbar } from 'react-admin';
import { LogsButton } from '../../logs/LogsButton';
import { EntityEdit } from '../common/EntityForms';
import { DeviceForm } from './DeviceForm';

export const DeviceEdit = () => (
  <EntityEdit
    actions={
      <TopToolbar>
        <LogsButton kind="devices" />
      </TopToolbar>
    }
  >
    <DeviceForm />
  </EntityEdit>
);

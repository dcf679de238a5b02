import {
  AutocompleteInput,
  BooleanInput,
  DateTimeInput,
  ReferenceInput,
  TabbedForm,
  TextInput,
  useRecordContext,
} from 'react-admin';
import type { Device } from '../../../model/device';
import { AttributesTab } from '../../common/AttributesEditor';
import { EntityToolbar } from '../common/EntityForms';
import { useAccess } from '../../authProvider/useAccess';
import { deviceName, deviceUniqueId, nameLength } from '../common/validators';
import { LinksTab } from '../links/LinksTab';
import { AttributeInputs } from './AttributeInputs';
import { DeviceIconInput } from './DeviceIconInput';
import { DeviceImageInput } from './DeviceImageInput';
import {
  INSTALLATION_KEYS,
  OWNER_KEYS,
  RESERVED_DEVICE_KEYS,
  SIM_KEYS,
  VEHICLE_KEYS,
} from './deviceFields';
import { OdometerPanel } from './OdometerPanel';
import { ScrollableTabs } from '../../common/ScrollableTabs';

export const DEVICE_DEFAULTS = { groupId: 0, category: 'default', disabled: false, attributes: {} };

/**
 * Group 0 means none; the autocomplete shows an empty box for it. Hidden from users who may not
 * read the groups area (the choices come from /api/groups).
 */
const GroupInput = ({ source = 'groupId' }: { source?: string }) => {
  const { can } = useAccess();
  if (!can('list', 'groups')) return null;
  return (
    <ReferenceInput source={source} reference="groups" perPage={1000}>
      <AutocompleteInput
        optionText="name"
        parse={(value) => value ?? 0}
        format={(value) => (value ? value : null)}
      />
    </ReferenceInput>
  );
};

/** The identification fields, shared with the quick create dialog. */
export const DeviceIdentityInputs = () => (
  <>
    <TextInput source="name" validate={deviceName} {...nameLength} />
    <TextInput source="uniqueId" validate={deviceUniqueId} {...nameLength} />
    <GroupInput />
  </>
);

export const DeviceForm = () => {
  const record = useRecordContext<Device>();
  const { user } = useAccess();
  const editing = Boolean(record?.id);
  return (
    <TabbedForm
      toolbar={<EntityToolbar />}
      defaultValues={DEVICE_DEFAULTS}
      tabs={<ScrollableTabs />}
    >
      <TabbedForm.Tab label="admin.tabs.identification">
        <DeviceIdentityInputs />
        <TextInput source="model" />
        <TextInput source="contact" />
        <AttributeInputs keys={OWNER_KEYS} />
        <BooleanInput source="disabled" />
        {user?.administrator && <DateTimeInput source="expirationTime" />}
      </TabbedForm.Tab>
      <TabbedForm.Tab label="admin.tabs.sim" path="sim">
        <TextInput source="phone" />
        <AttributeInputs keys={SIM_KEYS} />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="admin.tabs.vehicle" path="vehicle">
        <AttributeInputs keys={VEHICLE_KEYS} />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="admin.tabs.icon" path="icon">
        <DeviceIconInput />
      </TabbedForm.Tab>
      {editing && (
        <TabbedForm.Tab label="deviceImage.tab" path="photo">
          <DeviceImageInput />
        </TabbedForm.Tab>
      )}
      {editing && (
        <TabbedForm.Tab label="admin.tabs.odometer" path="odometer">
          <OdometerPanel />
        </TabbedForm.Tab>
      )}
      <TabbedForm.Tab label="admin.tabs.installation" path="installation">
        <AttributeInputs keys={INSTALLATION_KEYS} />
      </TabbedForm.Tab>
      <AttributesTab path="attributes" reserved={RESERVED_DEVICE_KEYS} />
      {editing && <LinksTab owner="deviceId" path="links" />}
    </TabbedForm>
  );
};

import { BooleanInput, ReferenceInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { EntityToolbar } from '../common/EntityForms';
import { SpeedInput } from '../common/SpeedInput';
import { fillName } from '../common/validators';
import { AttributesEditor } from '../../common/AttributesEditor';
import { GeofenceMapInput } from './GeofenceMapInput';
import { GeofenceTargetsInput } from './GeofenceTargetsInput';

export const GeofenceForm = () => (
  <SimpleForm
    toolbar={<EntityToolbar />}
    defaultValues={{ calendarId: 0, area: '', attributes: {} }}
  >
    <TextInput source="name" validate={fillName} />
    <TextInput source="description" />
    <GeofenceMapInput />
    <GeofenceTargetsInput />
    <ReferenceInput source="calendarId" reference="calendars" perPage={1000}>
      <SelectInput
        optionText="name"
        emptyValue={0}
        emptyText="admin.common.none"
        parse={(v) => (v === '' ? 0 : v)}
      />
    </ReferenceInput>
    <SpeedInput
      source="attributes.speedLimit"
      label="resources.geofence.fields.attributes.speedLimit"
    />
    <BooleanInput source="attributes.lockOnEnter" />
    <BooleanInput source="attributes.lockOnExit" />
    <AttributesEditor reserved={['speedLimit', 'lockOnEnter', 'lockOnExit']} />
  </SimpleForm>
);

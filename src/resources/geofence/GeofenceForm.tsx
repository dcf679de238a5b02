import { BooleanInput, SimpleForm, TextInput } from 'react-admin';
import { ALL_DEVICES_ATTRIBUTE } from '../../../model/geofence';
import { EntityToolbar } from '../common/EntityForms';
import { ReferenceOrNone } from '../common/ReferenceOrNone';
import { SpeedInput } from '../common/SpeedInput';
import { fillName, nameLength } from '../common/validators';
import { AttributesEditor } from '../../common/AttributesEditor';
import { GeofenceMapInput } from './GeofenceMapInput';
import { GeofenceTargetsInput } from './GeofenceTargetsInput';

export const GeofenceForm = () => (
  <SimpleForm
    toolbar={<EntityToolbar />}
    defaultValues={{ calendarId: 0, area: '', attributes: {} }}
  >
    <TextInput source="name" validate={fillName} {...nameLength} />
    <TextInput source="description" />
    <GeofenceMapInput />
    <GeofenceTargetsInput />
    <ReferenceOrNone source="calendarId" reference="calendars" text="name" />
    <SpeedInput
      source="attributes.speedLimit"
      label="resources.geofence.fields.attributes.speedLimit"
    />
    <BooleanInput source="attributes.lockOnEnter" />
    <BooleanInput source="attributes.lockOnExit" />
    <AttributesEditor
      reserved={['speedLimit', 'lockOnEnter', 'lockOnExit', ALL_DEVICES_ATTRIBUTE]}
    />
  </SimpleForm>
);

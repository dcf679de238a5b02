import { SimpleForm, TextInput } from 'react-admin';
import { AttributesEditor } from '../../common/AttributesEditor';
import { EntityToolbar } from '../common/EntityForms';
import { fillName, nameLength } from '../common/validators';
import { SchedulesInput } from './SchedulesInput';

export const CalendarForm = () => (
  <SimpleForm toolbar={<EntityToolbar />} defaultValues={{ data: '', attributes: {} }}>
    <TextInput source="name" validate={fillName} {...nameLength} />
    <SchedulesInput />
    <AttributesEditor />
  </SimpleForm>
);

import { SelectInput, SimpleForm, TextInput } from 'react-admin';
import { DecimalInput } from '../../common/DecimalInput';
import { ATTRIBUTE_TYPES } from '../../../model/attribute';
import { EntityToolbar } from '../common/EntityForms';
import { required } from '../common/validators';
import { ComputedTest } from './ComputedTest';

export const ComputedForm = () => (
  <SimpleForm toolbar={<EntityToolbar />} defaultValues={{ type: 'number', priority: 0 }}>
    <TextInput source="description" validate={required} />
    <TextInput source="attribute" validate={required} />
    <TextInput source="expression" validate={required} multiline fullWidth />
    <SelectInput
      source="type"
      choices={ATTRIBUTE_TYPES.map((id) => ({ id, name: `admin.computed.types.${id}` }))}
      validate={required}
    />
    <DecimalInput source="priority" integer />
    <ComputedTest />
  </SimpleForm>
);

import { BooleanInput, SelectInput, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { AttributesEditor } from '../../common/AttributesEditor';
import { EntityToolbar } from '../common/EntityForms';
import { attr } from '../../common/formAttributes';
import { useTypeChoices } from '../common/useTypes';
import { required } from '../common/validators';

/** Tarkan's native actions a saved command can stand in for (`tarkan.changeNative`). */
const NATIVE_ACTIONS = [
  'custom',
  'engineStop',
  'engineResume',
  'anchorEnable',
  'anchorDisable',
  'deviceIdentification',
  'positionSingle',
  'alarmArm',
  'alarmDisarm',
  'outputControl',
  'rebootDevice',
].map((id) => ({ id, name: `admin.nativeActions.${id}` }));

const CustomData = () => {
  const type = useWatch({ name: 'type' }) as string | undefined;
  if (type !== 'custom') return null;
  return <TextInput source="attributes.data" validate={required} multiline />;
};

export const CommandForm = () => {
  const translate = useTranslate();
  const { choices } = useTypeChoices('commandTypes');
  const typeChoices = choices.map(({ id }) => ({
    id,
    name: translate(`admin.commandTypes.${id}`, { _: id }),
  }));
  return (
    <SimpleForm
      toolbar={<EntityToolbar />}
      defaultValues={{ type: 'custom', textChannel: false, attributes: {} }}
    >
      <TextInput source="description" validate={required} />
      <SelectInput
        source="type"
        choices={typeChoices}
        validate={required}
        translateChoice={false}
      />
      <CustomData />
      <BooleanInput source="textChannel" />
      <SelectInput
        source={attr('tarkan.changeNative')}
        label="resources.commands.fields.changeNative"
        choices={NATIVE_ACTIONS}
        emptyText="admin.common.none"
      />
      <AttributesEditor reserved={['data', 'tarkan.changeNative']} />
    </SimpleForm>
  );
};

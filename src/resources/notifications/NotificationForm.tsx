import {
  BooleanInput,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ALARM_KEYS } from '../../../model/alarm';
import { TOAST_COLORS, TOAST_POSITIONS } from '../../alerts/toastOptions';
import { EntityToolbar } from '../common/EntityForms';
import { joinList, splitList } from '../common/listText';
import { ReferenceOrNone } from '../common/ReferenceOrNone';
import { attr } from '../../common/formAttributes';
import { useTypeChoices } from '../common/useTypes';
import { alarms, notificationType, notificators } from '../common/validators';
import { GeofenceReachWarning } from './GeofenceReachWarning';
import { SoundInput } from './SoundInput';
import { TestNotificationButton } from './TestNotificationButton';
import { ChannelTestButtons } from '../../common/channels/ChannelTestButtons';
import { useChannels } from '../../common/channels/useChannels';

const AlarmsInput = () => {
  const type = useWatch({ name: 'type' }) as string | undefined;
  if (type !== 'alarm') return null;
  return (
    <SelectArrayInput
      source="attributes.alarms"
      choices={ALARM_KEYS.map((id) => ({ id, name: `alarms.${id}` }))}
      format={splitList}
      parse={joinList}
      validate={alarms}
    />
  );
};

const CommandInput = () => {
  const channels = splitList(useWatch({ name: 'notificators' }));
  if (!channels.includes('command')) return null;
  return <ReferenceOrNone source="commandId" reference="commands" text="description" />;
};

export const NotificationForm = () => {
  const translate = useTranslate();
  const types = useTypeChoices('notificationTypes').choices.map(({ id }) => ({
    id,
    name: translate(`events.${id}`, { _: id }),
  }));
  const { data: status = [] } = useChannels();
  const channels = status.map(({ type: id }) => ({
    id,
    name: translate(`admin.notificators.${id}`, { _: id }),
  }));
  return (
    <SimpleForm
      toolbar={<EntityToolbar extra={<TestNotificationButton />} />}
      defaultValues={{
        always: false,
        notificators: 'web',
        calendarId: 0,
        commandId: 0,
        attributes: {},
      }}
    >
      <SelectInput
        source="type"
        choices={types}
        translateChoice={false}
        validate={notificationType}
      />
      <TextInput source="description" />
      <SelectArrayInput
        source="notificators"
        choices={channels}
        translateChoice={false}
        format={splitList}
        parse={joinList}
        validate={notificators}
      />
      <ChannelTestButtons />
      <AlarmsInput />
      <BooleanInput source="always" />
      <GeofenceReachWarning />
      <BooleanInput
        source={attr('tarkan.autoadd')}
        label="resources.notifications.fields.autoadd"
      />
      <ReferenceOrNone source="calendarId" reference="calendars" text="name" />
      <CommandInput />
      <SoundInput />
      <SelectInput
        source={attr('tarkan.color')}
        label="resources.notifications.fields.color"
        choices={TOAST_COLORS.map((id) => ({ id, name: `admin.toastColors.${id}` }))}
      />
      <SelectInput
        source={attr('tarkan.position')}
        label="resources.notifications.fields.position"
        choices={TOAST_POSITIONS.map((id) => ({ id, name: `admin.toastPositions.${id}` }))}
      />
      <BooleanInput source={attr('tarkan.pin')} label="resources.notifications.fields.pin" />
    </SimpleForm>
  );
};

import {
  BooleanInput,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useTranslate,
} from 'react-admin';
import { Typography } from '@mui/material';
import { SCHEDULED_NOTIFICATION } from '../../../model/notification';
import { useChannels } from '../../common/channels/useChannels';
import { EntityToolbar } from '../common/EntityForms';
import { ReferenceOrNone } from '../common/ReferenceOrNone';
import { joinList, splitList } from '../common/listText';
import { useTypeChoices } from '../common/useTypes';
import { notificators } from '../common/validators';
import { eventCalendar, eventCommand, eventKind } from './validators';

/**
 * A scheduled notification (fires when its calendar's event starts) or one that sends a saved
 * command; the devices come from "all devices" or the links made from a device or group.
 */
export const EventForm = () => {
  const translate = useTranslate();
  const eventTypes = useTypeChoices('notificationTypes').choices.map(({ id }) => id);
  const types = [SCHEDULED_NOTIFICATION, ...eventTypes].map((id) => ({
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
      toolbar={<EntityToolbar />}
      defaultValues={{
        type: SCHEDULED_NOTIFICATION,
        always: false,
        notificators: 'web,command',
        calendarId: 0,
        commandId: 0,
        attributes: {},
      }}
    >
      <SelectInput
        source="type"
        label="scheduledEvents.fields.type"
        choices={types}
        translateChoice={false}
        validate={eventKind}
      />
      <TextInput source="description" label="scheduledEvents.fields.description" />
      <ReferenceOrNone
        source="calendarId"
        reference="calendars"
        text="name"
        label="scheduledEvents.fields.calendarId"
        validate={eventCalendar}
      />
      <SelectArrayInput
        source="notificators"
        label="scheduledEvents.fields.notificators"
        choices={channels}
        translateChoice={false}
        format={splitList}
        parse={joinList}
        validate={notificators}
      />
      <ReferenceOrNone
        source="commandId"
        reference="commands"
        text="description"
        label="scheduledEvents.fields.commandId"
        validate={eventCommand}
      />
      <BooleanInput source="always" label="scheduledEvents.fields.always" />
      <Typography variant="body2" color="text.secondary">
        {translate('scheduledEvents.devicesHint')}
      </Typography>
    </SimpleForm>
  );
};

import {
  BooleanInput,
  ReferenceInput,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useTranslate,
} from 'react-admin';
import { Typography } from '@mui/material';
import { SCHEDULED_NOTIFICATION } from '../../../model/notification';
import { useChannels } from '../../settings/channels/useChannels';
import { EntityToolbar } from '../common/EntityForms';
import { useTypeChoices } from '../common/useTypes';
import { notificators } from '../common/validators';
import { eventCalendar, eventCommand, eventKind } from './validators';

/** Comma-separated text on the wire (`"web,command"`), an array in the form. */
const splitList = (value: unknown): string[] =>
  typeof value === 'string' && value ? value.split(',').map((part) => part.trim()) : [];
const joinList = (value: unknown): string =>
  Array.isArray(value) ? value.join(',') : String(value ?? '');
const noneToZero = (value: unknown) => (value === '' || value === null ? 0 : value);

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
      <ReferenceInput source="calendarId" reference="calendars" perPage={1000}>
        <SelectInput
          label="scheduledEvents.fields.calendarId"
          optionText="name"
          emptyValue={0}
          emptyText="admin.common.none"
          parse={noneToZero}
          validate={eventCalendar}
        />
      </ReferenceInput>
      <SelectArrayInput
        source="notificators"
        label="scheduledEvents.fields.notificators"
        choices={channels}
        translateChoice={false}
        format={splitList}
        parse={joinList}
        validate={notificators}
      />
      <ReferenceInput source="commandId" reference="commands" perPage={1000}>
        <SelectInput
          label="scheduledEvents.fields.commandId"
          optionText="description"
          emptyValue={0}
          emptyText="admin.common.none"
          parse={noneToZero}
          validate={eventCommand}
        />
      </ReferenceInput>
      <BooleanInput source="always" label="scheduledEvents.fields.always" />
      <Typography variant="body2" color="text.secondary">
        {translate('scheduledEvents.devicesHint')}
      </Typography>
    </SimpleForm>
  );
};

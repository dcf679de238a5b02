import { BooleanField, DataTable, ReferenceField, useTranslate } from 'react-admin';
import type { Notification } from '../../../model/notification';
import { useAccess } from '../../authProvider/useAccess';
import { AdminTable } from '../common/AdminTable';
import { ResourceList } from '../common/ResourceList';
import { eventExportColumns } from './exportColumns';

const Column = DataTable.Col<Notification>;

const Channels = ({ value }: { value: string }) => {
  const translate = useTranslate();
  return (
    <>
      {value
        .split(',')
        .filter(Boolean)
        .map((part) => translate(`admin.notificators.${part.trim()}`, { _: part }))
        .join(', ')}
    </>
  );
};

const EventType = ({ value }: { value: string }) => {
  const translate = useTranslate();
  return <>{translate(`events.${value}`, { _: value })}</>;
};

/** Scheduled and command notifications (the data provider keeps only those). */
export const EventList = () => {
  const { can } = useAccess();
  return (
    <ResourceList exportColumns={eventExportColumns} sort={{ field: 'type', order: 'ASC' }}>
      <AdminTable rowClick={can('edit', 'events') ? 'edit' : false}>
        <Column
          source="type"
          label="scheduledEvents.fields.type"
          render={(r) => <EventType value={r.type} />}
        />
        <Column source="description" label="scheduledEvents.fields.description" />
        <Column source="calendarId" label="scheduledEvents.fields.calendarId">
          <ReferenceField source="calendarId" reference="calendars" link={false} emptyText="—" />
        </Column>
        <Column
          source="notificators"
          label="scheduledEvents.fields.notificators"
          render={(r) => <Channels value={r.notificators} />}
        />
        <Column source="commandId" label="scheduledEvents.fields.commandId">
          <ReferenceField source="commandId" reference="commands" link={false} emptyText="—" />
        </Column>
        <Column source="always" label="scheduledEvents.fields.always">
          <BooleanField source="always" />
        </Column>
      </AdminTable>
    </ResourceList>
  );
};

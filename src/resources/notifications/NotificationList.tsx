import { BooleanField, DataTable, useTranslate } from 'react-admin';
import type { Notification } from '../../../model/notification';
import { AdminTable } from '../common/AdminTable';
import { ResourceList } from '../common/ResourceList';
import { notificationExportColumns } from './exportColumns';

const Column = DataTable.Col<Notification>;

const Translated = ({ prefix, value }: { prefix: string; value: string }) => {
  const translate = useTranslate();
  return (
    <>
      {value
        .split(',')
        .filter(Boolean)
        .map((part) => translate(`${prefix}.${part}`, { _: part }))
        .join(', ')}
    </>
  );
};

export const NotificationList = () => (
  <ResourceList exportColumns={notificationExportColumns} sort={{ field: 'type', order: 'ASC' }}>
    <AdminTable>
      <Column source="type" render={(r) => <Translated prefix="events" value={r.type} />} />
      <Column source="description" />
      <Column
        source="notificators"
        render={(r) => <Translated prefix="admin.notificators" value={r.notificators} />}
      />
      <Column source="always">
        <BooleanField source="always" />
      </Column>
    </AdminTable>
  </ResourceList>
);

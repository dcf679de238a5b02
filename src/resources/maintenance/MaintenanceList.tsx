import { DataTable, useLocaleState, useTranslate } from 'react-admin';
import { formatNumber } from '../../i18n/formatters';
import type { Maintenance } from '../../../model/maintenance';
import { AdminTable } from '../common/AdminTable';
import { ResourceList } from '../common/ResourceList';
import { maintenanceExportColumns } from './exportColumns';
import { toDisplay } from './MaintenanceForm';

const Column = DataTable.Col<Maintenance>;

const Amount = ({ record, field }: { record: Maintenance; field: 'start' | 'period' }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const value = toDisplay(record[field], record.type);
  return (
    <>
      {typeof value === 'number' ? formatNumber(value, locale, { max: 2 }) : String(value)}{' '}
      {translate(`admin.maintenance.units.${record.type}`, { _: '' })}
    </>
  );
};

export const MaintenanceList = () => (
  <ResourceList exportColumns={maintenanceExportColumns}>
    <AdminTable>
      <Column source="name" />
      <Column source="type" render={(r) => <TypeName type={r.type} />} />
      <Column source="start" render={(r) => <Amount record={r} field="start" />} />
      <Column source="period" render={(r) => <Amount record={r} field="period" />} />
    </AdminTable>
  </ResourceList>
);

const TypeName = ({ type }: { type: string }) => {
  const translate = useTranslate();
  return <>{translate(`admin.maintenance.types.${type}`, { _: type })}</>;
};

import { BooleanField, DataTable, useTranslate } from 'react-admin';
import type { Command } from '../../../model/command';
import { AdminTable } from '../common/AdminTable';
import { ResourceList } from '../common/ResourceList';
import { commandExportColumns } from './exportColumns';

const Column = DataTable.Col<Command>;

const TypeText = ({ type }: { type: string }) => {
  const translate = useTranslate();
  return <>{translate(`admin.commandTypes.${type}`, { _: type })}</>;
};

export const CommandList = () => (
  <ResourceList exportColumns={commandExportColumns} sort={{ field: 'description', order: 'ASC' }}>
    <AdminTable>
      <Column source="description" />
      <Column source="type" render={(record) => <TypeText type={record.type} />} />
      <Column source="textChannel">
        <BooleanField source="textChannel" />
      </Column>
    </AdminTable>
  </ResourceList>
);

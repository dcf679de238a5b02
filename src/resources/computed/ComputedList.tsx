import { DataTable } from 'react-admin';
import type { ComputedAttribute } from '../../../model/attribute';
import { ChoiceText, NumberText } from '../common/fields';
import { AdminTable } from '../common/AdminTable';
import { ResourceList } from '../common/ResourceList';
import { computedExportColumns } from './exportColumns';

const Column = DataTable.Col<ComputedAttribute>;

export const ComputedList = () => (
  <ResourceList exportColumns={computedExportColumns} sort={{ field: 'description', order: 'ASC' }}>
    <AdminTable>
      <Column source="description" />
      <Column source="attribute" />
      <Column source="expression" />
      <Column
        source="type"
        render={(record) => <ChoiceText prefix="admin.computed.types" value={record.type} />}
      />
      <Column source="priority" align="right">
        <NumberText source="priority" />
      </Column>
    </AdminTable>
  </ResourceList>
);

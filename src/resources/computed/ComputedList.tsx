import { BulkDeleteButton, DataTable } from 'react-admin';
import type { ComputedAttribute } from '../../../model/attribute';
import { ChoiceText, NumberText } from '../common/fields';
import { ResourceList } from '../common/ResourceList';
import { computedExportColumns } from './exportColumns';

const Column = DataTable.Col<ComputedAttribute>;

export const ComputedList = () => (
  <ResourceList sort={{ field: 'description', order: 'ASC' }} exportColumns={computedExportColumns}>
    <DataTable rowClick="edit" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
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
    </DataTable>
  </ResourceList>
);

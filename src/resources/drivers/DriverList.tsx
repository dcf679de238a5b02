import { DataTable } from 'react-admin';
import type { Driver } from '../../../model/driver';
import { AdminTable } from '../common/AdminTable';
import { ResourceList } from '../common/ResourceList';
import { driverExportColumns } from './exportColumns';

const Column = DataTable.Col<Driver>;

export const DriverList = () => (
  <ResourceList exportColumns={driverExportColumns}>
    <AdminTable>
      <Column source="name" />
      <Column source="uniqueId" />
      <Column source="attributes.cnhNumber" />
      <Column source="attributes.cnhCategory" />
      <Column source="attributes.cnhValidity" />
    </AdminTable>
  </ResourceList>
);

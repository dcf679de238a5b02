import type { Driver } from '../../../model/driver';
import type { ExportColumn } from '../common/listSheet';

/** The driver list's spreadsheet: the list's licence columns, then the rest of the form's. */
export const driverExportColumns: ExportColumn<Driver>[] = [
  { source: 'name' },
  { source: 'uniqueId' },
  { source: 'attributes.cnhNumber' },
  { source: 'attributes.cnhCategory' },
  { source: 'attributes.cnhValidity', kind: 'day' },
  { source: 'attributes.cpf', optional: true },
  { source: 'attributes.cnhState', optional: true },
  { source: 'attributes.cnhFiliation', optional: true },
  { source: 'attributes.birthDate', kind: 'day', optional: true },
  { source: 'attributes.firstLicenseDate', kind: 'day', optional: true },
  { source: 'attributes.cnhObservations', optional: true },
  { source: 'attributes.fuelPer100Km', kind: 'number', optional: true },
  { source: 'attributes.fuelCost', kind: 'number', optional: true },
];

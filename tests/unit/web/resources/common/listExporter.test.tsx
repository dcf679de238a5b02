/**
 * The list exporter as react-admin calls it (`exporter(records, fetchRelatedRecords,
 * dataProvider, resource)`), from the export button or a bulk action on selected rows: it takes
 * the signed-in user's units and zone and the interface language, and saves the workbook.
 */
import { renderHook, waitFor } from '@testing-library/react';
import ExcelJS from 'exceljs';
import type { ReactNode } from 'react';
import {
  ResourceContextProvider,
  fetchRelatedRecords,
  usePermissions,
  type AuthProvider,
  type DataProvider,
} from 'react-admin';
import { vi } from 'vitest';
import type { Device } from '../../../../../model/device';
import { useListExporter } from '../../../../../src/resources/common/listExporter';
import { deviceExportColumns } from '../../../../../src/resources/devices/exportColumns';
import { AppHarness } from '../../appHarness';
import { testUser } from '../../fakeFetch';

const saved = vi.hoisted(() => [] as { blob: Blob; name: string }[]);
vi.mock('../../../../../src/common/saveFile', () => ({
  saveFile: (blob: Blob, name: string) => saved.push({ blob, name }),
}));

const user = {
  ...testUser,
  attributes: { speedUnit: 'mph', timezone: 'Asia/Tokyo' },
};

const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => user,
};

const dataProvider = {
  getMany: async (resource: string, { ids }: { ids: unknown[] }) => ({
    data: resource === 'groups' && ids.includes(4) ? [{ id: 4, name: 'Entregas' }] : [],
  }),
} as unknown as DataProvider;

const wrapper = ({ children }: { children: ReactNode }) => (
  <AppHarness plus locale="es-ES" authProvider={authProvider} dataProvider={dataProvider}>
    <ResourceContextProvider value="device-admin">{children}</ResourceContextProvider>
  </AppHarness>
);

const truck: Device = {
  id: 9,
  name: 'Camión 3',
  uniqueId: '860000000000003',
  status: 'online',
  disabled: false,
  lastUpdate: '2026-11-24T23:27:04Z',
  positionId: 0,
  groupId: 4,
  calendarId: 0,
  phone: null,
  model: null,
  contact: null,
  category: null,
  expirationTime: null,
  attributes: { speedLimit: 43.2 },
};

it('saves the rows it is given in the user’s language, units and zone', async () => {
  const columns = deviceExportColumns(true);
  const { result } = renderHook(
    () => ({ exporter: useListExporter(columns), user: usePermissions().permissions }),
    { wrapper },
  );
  await waitFor(() => expect(result.current.user).toBeTruthy());

  await result.current.exporter(
    [truck],
    fetchRelatedRecords(dataProvider),
    dataProvider,
    'device-admin',
  );

  expect(saved).toHaveLength(1);
  expect(saved[0].name).toMatch(/^Dispositivos \d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await saved[0].blob.arrayBuffer());
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const cell = (name: string) => sheet.getRow(2).getCell(header.indexOf(name) + 1).value;
  expect(header.slice(0, 4)).toEqual([
    'Nombre',
    'Identificador único (IMEI)',
    'Matrícula',
    'Grupo',
  ]);
  expect(cell('Grupo')).toBe('Entregas');
  expect(cell('Límite de velocidad (mph)')).toBe(49.7);
  // 23:27 UTC is 08:27 the next morning in Tokyo.
  expect(cell('Última actualización')).toEqual(new Date('2026-11-25T08:27:04Z'));
});

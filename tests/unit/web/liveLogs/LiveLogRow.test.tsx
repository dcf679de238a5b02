import { render, screen, within } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import type { AppLocale } from '../../../../src/i18n/locales';
import { LiveLogRow } from '../../../../src/liveLogs/LiveLogRow';
import type { ShownLogRecord } from '../../../../src/liveLogs/useProtocolLogs';
import { createI18nProvider } from '../i18nCatalogs';

const record = (patch: Partial<ShownLogRecord>): ShownLogRecord => ({
  key: 1,
  receivedAt: Date.parse('2026-03-10T15:04:05Z'),
  host: '10.0.0.9',
  protocol: 'gt06',
  uniqueId: '359339075123456',
  deviceId: 0,
  data: '78780d010359339075123456000163a80d0a',
  outgoing: false,
  ...patch,
});

const renderRows = (locale: AppLocale, records: ShownLogRecord[]) =>
  render(
    <AdminContext i18nProvider={createI18nProvider(locale)} store={memoryStore()}>
      <table>
        <tbody>
          {records.map((item) => (
            <LiveLogRow
              key={item.key}
              record={item}
              prefs={{ locale, timeZone: 'America/Sao_Paulo' }}
            />
          ))}
        </tbody>
      </table>
    </AdminContext>,
  );

describe('a live log row', () => {
  it('says which way the frame went, for screen readers too', () => {
    renderRows('pt-BR', [
      record({ key: 1 }),
      record({ key: 2, outgoing: true, data: '787805010001d9dc0d0a' }),
    ]);
    const [received, sent] = screen.getAllByTestId('live-log-row');
    expect(within(received).getByRole('img', { name: 'Recebida do dispositivo' })).toBeVisible();
    expect(received).toHaveAttribute('data-outgoing', 'false');
    expect(within(sent).getByRole('img', { name: 'Enviada ao dispositivo' })).toBeVisible();
    expect(sent).toHaveAttribute('data-outgoing', 'true');
    // The rest of the row stays as it was: time, address, protocol, device, then the data.
    const cells = within(sent).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '12:04:05',
      '10.0.0.9',
      'gt06',
      '359339075123456Dispositivo desconhecido',
      'Enviada ao dispositivo',
      '787805010001d9dc0d0a',
    ]);
  });

  it('names the direction in English and Spanish', () => {
    renderRows('en-US', [record({ key: 1, outgoing: true })]);
    expect(screen.getByRole('img', { name: 'Sent to the device' })).toBeVisible();
    renderRows('es-ES', [record({ key: 2 })]);
    expect(screen.getByRole('img', { name: 'Recibido del dispositivo' })).toBeVisible();
  });
});

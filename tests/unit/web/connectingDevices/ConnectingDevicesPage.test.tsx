import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Notification } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { authProvider } from '../../../../src/authProvider';
import { setCurrentUser } from '../../../../src/authProvider/currentUser';
import { ConnectingDevicesHint } from '../../../../src/connectingDevices/ConnectingDevicesHint';
import { ConnectingDevicesPage } from '../../../../src/connectingDevices/ConnectingDevicesPage';
import { defaultDeviceName, protocolLabel } from '../../../../src/connectingDevices/protocolNames';
import { REFRESH_MS } from '../../../../src/connectingDevices/useConnectingDevices';
import { dataProvider } from '../../../../src/dataProvider';
import type { ConnectingDevice } from '../../../../src/dataProvider/connectingDevices';
import type { AppLocale } from '../../../../src/i18n/locales';
import { liveStore } from '../../../../src/live/liveStore';
import { renderInApp } from '../appHarness';
import { fakeFetch, jsonResponse, testUser, textResponse } from '../fakeFetch';

const gt06: ConnectingDevice = {
  uniqueId: '359339075123456',
  protocol: 'gt06',
  address: '203.0.113.7:40112',
  firstSeen: '2026-03-10T15:04:05.000Z',
  lastSeen: '2026-03-10T15:09:30.000Z',
  attempts: 1234,
};
const gl200: ConnectingDevice = {
  uniqueId: '860000000000001',
  protocol: 'gl200',
  address: '198.51.100.2:5004',
  firstSeen: '2026-03-09T10:00:00.000Z',
  lastSeen: '2026-03-10T14:00:00.000Z',
  attempts: 2,
};

const admin = {
  ...testUser,
  administrator: true,
  attributes: { timezone: 'America/Sao_Paulo' },
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The screen (or any piece of it) in the signed-in app's providers, as `user`. */
const renderApp = (
  ui: ReactNode,
  { locale = 'pt-BR', user = admin }: { locale?: AppLocale; user?: typeof admin } = {},
) => {
  setCurrentUser(user);
  return renderInApp(
    <>
      <Routes>
        <Route path="/start" element={ui} />
        <Route path="/device-admin/:id" element={<p>device form</p>} />
        <Route path="/connecting-devices" element={<p>connecting screen</p>} />
      </Routes>
      <Notification />
    </>,
    { locale, authProvider, dataProvider, at: ['/start'] },
  );
};

describe('the names a device added from the list starts with', () => {
  it('are the protocol’s usual name and the identifier', () => {
    expect(protocolLabel('gt06')).toBe('GT06');
    expect(protocolLabel('gl200')).toBe('Queclink GL200');
    expect(protocolLabel('newproto')).toBe('NEWPROTO');
    expect(defaultDeviceName(gt06)).toBe('GT06 359339075123456');
    expect(defaultDeviceName({ protocol: '', uniqueId: 'abc' })).toBe('abc');
  });
});

describe('the data provider', () => {
  it('reads the list and dismisses an identifier, escaped in the path', async () => {
    const { requests } = fakeFetch({
      'GET /tarkan/devices/connecting': () => jsonResponse([gt06]),
      'DELETE /tarkan/devices/connecting/a%2Fb%20c': () => textResponse('', 204),
    });
    expect(await dataProvider.getConnectingDevices()).toEqual([gt06]);
    await dataProvider.dismissConnectingDevice('a/b c');
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      'GET /tarkan/devices/connecting',
      'DELETE /tarkan/devices/connecting/a%2Fb%20c',
    ]);
  });
});

describe('the devices trying to connect screen', () => {
  it('lists each tracker with its protocol, address, attempts and times in the user’s zone', async () => {
    fakeFetch({ 'GET /tarkan/devices/connecting': () => jsonResponse([gt06, gl200]) });
    renderApp(<ConnectingDevicesPage />);
    expect(
      await screen.findByRole('heading', { name: 'Dispositivos tentando conectar' }),
    ).toBeInTheDocument();
    const rows = await screen.findAllByTestId('connecting-device-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]);
    expect(first.getByText('359339075123456')).toBeInTheDocument();
    expect(first.getByText('GT06')).toHaveAttribute('data-protocol', 'gt06');
    expect(first.getByText('203.0.113.7:40112')).toBeInTheDocument();
    // São Paulo is three hours behind UTC; thousands are grouped the Brazilian way.
    expect(first.getByText('10/03/2026, 12:04:05')).toBeInTheDocument();
    expect(first.getByText('10/03/2026, 12:09:30')).toBeInTheDocument();
    expect(first.getByText('1.234')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Queclink GL200')).toBeInTheDocument();
    for (const header of ['Identificador', 'Protocolo', 'Primeira tentativa', 'Tentativas']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
  });

  it('adds a tracker with one click through the device creation, with a way to edit it', async () => {
    let listed = [gt06, gl200];
    const { requests } = fakeFetch({
      'GET /tarkan/devices/connecting': () => jsonResponse(listed),
      'POST /api/devices': (request) => {
        listed = [gl200];
        const body = JSON.parse(request.body) as Record<string, unknown>;
        return jsonResponse({ ...body, id: 77, status: 'unknown', attributes: {} });
      },
    });
    const enqueue = vi.spyOn(liveStore, 'enqueue');
    renderApp(<ConnectingDevicesPage />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Adicionar o dispositivo 359339075123456' }),
    );

    expect(await screen.findByText('Dispositivo GT06 359339075123456 adicionado')).toBeVisible();
    const created = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(created?.body ?? '{}')).toMatchObject({
      name: 'GT06 359339075123456',
      uniqueId: '359339075123456',
    });
    await waitFor(() => expect(screen.getAllByTestId('connecting-device-row')).toHaveLength(1));
    expect(screen.queryByText('359339075123456')).toBeNull();
    expect(enqueue).toHaveBeenCalledWith({ devices: [expect.objectContaining({ id: 77 })] });

    fireEvent.click(screen.getByRole('link', { name: 'Editar' }));
    expect(await screen.findByText('device form')).toBeInTheDocument();
    enqueue.mockRestore();
  });

  it('says why an add failed, in the user’s language, and keeps the row', async () => {
    fakeFetch({
      'GET /tarkan/devices/connecting': () => jsonResponse([gt06]),
      'POST /api/devices': () => textResponse('Device limit reached - SecurityException', 400),
    });
    renderApp(<ConnectingDevicesPage />);
    fireEvent.click(await screen.findByRole('button', { name: /^Adicionar o dispositivo/ }));
    expect(await screen.findByText(/^A ação falhou: /)).toBeInTheDocument();
    expect(screen.getAllByTestId('connecting-device-row')).toHaveLength(1);
  });

  it('dismisses a tracker, which leaves the list', async () => {
    let listed = [gt06];
    const { requests } = fakeFetch({
      'GET /tarkan/devices/connecting': () => jsonResponse(listed),
      'DELETE /tarkan/devices/connecting/359339075123456': () => {
        listed = [];
        return textResponse('', 204);
      },
    });
    renderApp(<ConnectingDevicesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Descartar 359339075123456' }));
    expect(
      await screen.findByText(
        '359339075123456 saiu da lista; volta se o rastreador continuar tentando',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('connecting-devices-empty')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('reads the list again every few seconds while it is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let listed: ConnectingDevice[] = [];
    const { requests } = fakeFetch({
      'GET /tarkan/devices/connecting': () => jsonResponse(listed),
    });
    renderApp(<ConnectingDevicesPage />);
    expect(await screen.findByTestId('connecting-devices-empty')).toBeInTheDocument();
    listed = [gt06];
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_MS));
    expect(await screen.findByTestId('connecting-device-row')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'GET').length).toBeGreaterThan(1);
  });

  it('explains, when empty, what the list is and how a tracker is pointed at this server', async () => {
    fakeFetch({
      'GET /tarkan/devices/connecting': () => jsonResponse([]),
      'GET /tarkan/devices/ports': () =>
        jsonResponse([
          { protocol: 'osmand', port: 5055, transports: ['http'] },
          { protocol: 'gt06', port: 5023, transports: ['tcp'] },
          { protocol: 'teltonika', port: 5027, transports: ['tcp', 'udp'] },
        ]),
    });
    renderApp(<ConnectingDevicesPage />, { locale: 'es-ES' });
    const empty = await screen.findByTestId('connecting-devices-empty');
    // Each protocol's port, as the server opened it.
    const ports = await within(empty).findByTestId('device-ports');
    expect(within(ports).getByRole('columnheader', { name: 'Puerto' })).toBeVisible();
    const teltonika = within(ports).getByRole('row', { name: /Teltonika/ });
    expect(teltonika).toHaveTextContent('Teltonika5027TCP, UDP');
    expect(within(ports).getByRole('row', { name: /GT06/ })).toHaveTextContent('GT065023TCP');
    expect(
      screen.getByRole('heading', { name: 'Dispositivos intentando conectarse' }),
    ).toBeInTheDocument();
    expect(within(empty).getByText('Ningún dispositivo intentando conectarse')).toBeVisible();
    // The address this page was reached at.
    expect(within(empty).getByText(/a la dirección localhost, en el puerto/)).toBeVisible();
    expect(within(empty).getByText(/GT06_PORT/)).toBeVisible();
    expect(within(empty).getByRole('link', { name: 'Configuración del servidor' })).toHaveAttribute(
      'href',
      '/server',
    );
  });

  it('shows the server’s refusal (proxy mode has no such list)', async () => {
    fakeFetch({});
    renderApp(<ConnectingDevicesPage />, { locale: 'en-US' });
    expect(await screen.findByText(/^Could not load the list: /)).toBeInTheDocument();
  });

  it('is for administrators only: nothing is asked for anyone else', async () => {
    const { fetchMock } = fakeFetch({});
    renderApp(<ConnectingDevicesPage />, { user: { ...admin, administrator: false } });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('heading')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalledWith(
      expect.stringContaining('/tarkan/devices/connecting'),
      expect.anything(),
    );
  });
});

describe('the device list’s hint', () => {
  it('counts the trackers trying to connect and leads to their screen', async () => {
    fakeFetch({ 'GET /tarkan/devices/connecting': () => jsonResponse([gt06, gl200]) });
    renderApp(<ConnectingDevicesHint />);
    const link = await screen.findByRole('link', { name: '2 dispositivos tentando conectar' });
    fireEvent.click(link);
    expect(await screen.findByText('connecting screen')).toBeInTheDocument();
  });

  it('uses the singular for one, in every language', async () => {
    fakeFetch({ 'GET /tarkan/devices/connecting': () => jsonResponse([gt06]) });
    renderApp(<ConnectingDevicesHint />, { locale: 'en-US' });
    expect(
      await screen.findByRole('link', { name: '1 device trying to connect' }),
    ).toBeInTheDocument();
  });

  it('says nothing when no tracker is trying, or the list cannot be read', async () => {
    fakeFetch({ 'GET /tarkan/devices/connecting': () => jsonResponse([]) });
    const { container, unmount } = renderApp(<ConnectingDevicesHint />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(container).toBeEmptyDOMElement();
    unmount();
    fakeFetch({});
    const failed = renderApp(<ConnectingDevicesHint />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(failed.container).toBeEmptyDOMElement();
  });
});

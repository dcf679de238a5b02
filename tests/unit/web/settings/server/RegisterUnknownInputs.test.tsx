import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, SaveButton } from 'react-admin';
import { authProvider } from '../../../../../src/authProvider';
import { setCurrentUser } from '../../../../../src/authProvider/currentUser';
import { fromForm, toForm } from '../../../../../src/common/formAttributes';
import { dataProvider } from '../../../../../src/dataProvider';
import type { AppLocale } from '../../../../../src/i18n/locales';
import { ServerPreferenceInputs } from '../../../../../src/settings/server/ServerInputs';
import { renderInApp } from '../../appHarness';
import { fakeFetch, jsonResponse, testServer, testUser } from '../../fakeFetch';

const GROUPS = [
  { id: 3, name: 'Frota Norte', groupId: 0, attributes: {} },
  { id: 4, name: 'Frota Sul', groupId: 0, attributes: {} },
];

afterEach(() => vi.unstubAllGlobals());

const renderPreferences = (attributes: Record<string, unknown>, locale: AppLocale = 'pt-BR') => {
  fakeFetch({ 'GET /api/groups': () => jsonResponse(GROUPS) });
  setCurrentUser({ ...testUser, administrator: true });
  const onSubmit = vi.fn();
  renderInApp(
    <Form record={toForm({ ...testServer, attributes })} onSubmit={onSubmit}>
      <ServerPreferenceInputs />
      <SaveButton alwaysEnable />
    </Form>,
    { locale, authProvider, dataProvider, at: ['/'] },
  );
  return onSubmit;
};

const saved = async (onSubmit: ReturnType<typeof vi.fn>) => {
  fireEvent.click(screen.getByRole('button', { name: /salvar|save|guardar/i }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  return fromForm(onSubmit.mock.calls[0][0] as { attributes: Record<string, unknown> }).attributes;
};

describe('registering unknown devices automatically', () => {
  it('is a switch with its explanation; the group is asked for only once it is on', async () => {
    const onSubmit = renderPreferences({});
    const toggle = screen.getByLabelText('Cadastrar dispositivos desconhecidos automaticamente');
    expect(toggle).not.toBeChecked();
    expect(screen.getByText('Rastreadores não cadastrados')).toBeInTheDocument();
    expect(screen.getByText(/em vez de esperar na lista de dispositivos/)).toBeInTheDocument();
    expect(
      screen.queryByLabelText('Grupo dos dispositivos cadastrados automaticamente'),
    ).toBeNull();

    fireEvent.click(toggle);
    const group = await screen.findByLabelText(
      'Grupo dos dispositivos cadastrados automaticamente',
    );
    expect(screen.getByText('Vazio: sem grupo')).toBeInTheDocument();
    fireEvent.mouseDown(group);
    fireEvent.click(await screen.findByRole('option', { name: 'Frota Sul' }));

    expect(await saved(onSubmit)).toMatchObject({
      'database.registerUnknown': true,
      'database.registerUnknown.defaultGroupId': 4,
    });
  });

  it('shows the saved setting and group, and saves them off again', async () => {
    const onSubmit = renderPreferences({
      'database.registerUnknown': true,
      'database.registerUnknown.defaultGroupId': 3,
      'database.registerUnknown.regex': '\\d{15}',
    });
    const toggle = screen.getByLabelText('Cadastrar dispositivos desconhecidos automaticamente');
    expect(toggle).toBeChecked();
    await waitFor(() =>
      expect(
        screen.getByLabelText('Grupo dos dispositivos cadastrados automaticamente'),
      ).toHaveValue('Frota Norte'),
    );
    fireEvent.click(toggle);
    const attributes = await saved(onSubmit);
    expect(attributes['database.registerUnknown']).toBe(false);
    // What the form has no input for is kept as it was.
    expect(attributes['database.registerUnknown.regex']).toBe('\\d{15}');
  });

  it('is worded in Spanish', () => {
    renderPreferences({}, 'es-ES');
    expect(
      screen.getByLabelText('Registrar dispositivos desconocidos automáticamente'),
    ).toBeInTheDocument();
  });

  it('reads in English', () => {
    renderPreferences({}, 'en-US');
    expect(screen.getByLabelText('Register unknown devices automatically')).toBeInTheDocument();
  });
});

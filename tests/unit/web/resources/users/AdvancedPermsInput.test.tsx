import { render, screen } from '@testing-library/react';
import { AdminContext, Form, memoryStore } from 'react-admin';
import { defaultBrand } from '../../../../../model/brand';
import { defaultColors } from '../../../../../model/theme';
import { ServerInfoContext } from '../../../../../src/bootstrap/ServerInfoContext';
import { AdvancedPermsInput } from '../../../../../src/resources/users/AdvancedPermsInput';
import { createI18nProvider } from '../../i18nCatalogs';
import { testServer } from '../../fakeFetch';

const renderInput = (isPlus: boolean, enabled: boolean) =>
  render(
    <ServerInfoContext.Provider
      value={{
        server: { ...testServer, attributes: { 'tarkan.enableAdvancedPerms': enabled } },
        brand: defaultBrand,
        colors: defaultColors,
        licenseMode: isPlus ? 'plus' : null,
        deviceLimit: null,
        isPlus,
      }}
    >
      <AdminContext i18nProvider={createI18nProvider('pt-BR')} store={memoryStore()}>
        <Form record={{ id: 2, attributes: {} }}>
          <AdvancedPermsInput />
        </Form>
      </AdminContext>
    </ServerInfoContext.Provider>,
  );

const SETTINGS = /desligadas nas configurações do servidor/;
const LICENCE = /só valem com a licença plus, que este servidor não tem/;

describe('the advanced permissions notice', () => {
  it('without the plus licence names the licence, not a setting that is not there', () => {
    renderInput(false, false);
    expect(screen.getByText(LICENCE)).toBeInTheDocument();
    expect(screen.queryByText(SETTINGS)).toBeNull();
  });

  it('with the licence and the switch off points to the switch', () => {
    renderInput(true, false);
    expect(screen.getByText(SETTINGS)).toBeInTheDocument();
    expect(screen.queryByText(LICENCE)).toBeNull();
  });

  it('says nothing of either once both are on', () => {
    renderInput(true, true);
    expect(screen.queryByText(SETTINGS)).toBeNull();
    expect(screen.queryByText(LICENCE)).toBeNull();
  });
});

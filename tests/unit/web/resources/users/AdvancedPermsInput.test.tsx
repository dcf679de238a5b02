import { screen } from '@testing-library/react';
import { Form } from 'react-admin';
import { AdvancedPermsInput } from '../../../../../src/resources/users/AdvancedPermsInput';
import { renderInApp } from '../../appHarness';

const renderInput = (plus: boolean, enabled: boolean) =>
  renderInApp(
    <Form record={{ id: 2, attributes: {} }}>
      <AdvancedPermsInput />
    </Form>,
    { plus, server: { attributes: { 'tarkan.enableAdvancedPerms': enabled } } },
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

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, SaveButton } from 'react-admin';
import { vi } from 'vitest';
import { ServerPermissionInputs } from '../../../../../src/settings/server/ServerInputs';
import { fromForm, toForm } from '../../../../../src/common/formAttributes';
import { centsToUnits, unitsToCents } from '../../../../../src/common/money';
import { renderInApp } from '../../appHarness';

const renderServerForm = (
  attributes: Record<string, unknown>,
  onSubmit = vi.fn(),
  { isPlus = true, locale = 'pt-BR' as const } = {},
) => {
  renderInApp(
    <Form record={toForm({ id: 1, attributes })} onSubmit={onSubmit}>
      <ServerPermissionInputs />
      <SaveButton alwaysEnable />
    </Form>,
    { plus: isPlus, locale },
  );
  return onSubmit;
};

const ADVANCED_LABEL = 'Permissões avançadas';

describe('the advanced-permissions switch', () => {
  it('is offered only with the plus licence, since the bits apply only with it', () => {
    renderServerForm({}, vi.fn(), { isPlus: true });
    expect(screen.getByLabelText(ADVANCED_LABEL)).toBeInTheDocument();
  });

  it('is hidden without the licence', () => {
    renderServerForm({ 'tarkan.enableAdvancedPerms': true }, vi.fn(), { isPlus: false });
    expect(screen.queryByLabelText(ADVANCED_LABEL)).toBeNull();
    // The other switches stay.
    expect(screen.getByLabelText('Cobrança')).toBeInTheDocument();
  });
});

describe('server billing defaults', () => {
  it('converts between stored cents and the amount typed', () => {
    expect(centsToUnits(4990)).toBe(49.9);
    expect(centsToUnits('1999')).toBe(19.99);
    expect(centsToUnits(undefined)).toBeNull();
    expect(unitsToCents(19.99)).toBe(1999);
    expect(unitsToCents(49.9)).toBe(4990);
  });

  it('shows the defaults only while billing is on, with translated labels', async () => {
    renderServerForm({ 'tarkan.enableBilling': false });
    expect(screen.queryByTestId('server-billing-defaults')).toBeNull();
    fireEvent.click(screen.getByLabelText('Cobrança'));
    expect(await screen.findByTestId('server-billing-defaults')).toBeInTheDocument();
    expect(screen.getByText('Padrões de cobrança')).toBeInTheDocument();
    for (const label of [
      'Valor mensal',
      'Dia de vencimento',
      'Tipo de multa',
      'Juros (% ao mês)',
      'Dias de desconto antes do vencimento',
      'Suspender após dias de atraso',
      'Dias de desbloqueio de confiança',
      'Descrição da fatura',
      'Gerar a fatura mensal quantos dias antes do vencimento',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
  });

  it('shows the price in reais and saves it back in cents', async () => {
    const onSubmit = renderServerForm({
      'tarkan.enableBilling': true,
      'tarkan.billingPrice': 4990,
      'tarkan.billingDate': 10,
    });
    const price = screen.getByLabelText('Valor mensal');
    expect(price).toHaveValue('49,90');
    expect(screen.getByText('R$')).toBeInTheDocument();
    fireEvent.change(price, { target: { value: '59,9' } });
    fireEvent.change(
      screen.getByLabelText('Gerar a fatura mensal quantos dias antes do vencimento'),
      {
        target: { value: '5' },
      },
    );
    fireEvent.click(screen.getByRole('button', { name: /salvar/i }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const saved = fromForm(onSubmit.mock.calls[0][0] as { attributes: Record<string, unknown> });
    expect(saved.attributes).toMatchObject({
      'tarkan.enableBilling': true,
      'tarkan.billingPrice': 5990,
      'tarkan.billingDate': 10,
      'tarkan.billingGenerateDaysBefore': 5,
    });
  });
});

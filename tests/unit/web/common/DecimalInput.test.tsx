import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AdminContext, Form, SaveButton, memoryStore } from 'react-admin';
import { vi } from 'vitest';
import { MoneyCentsInput } from '../../../../src/common/MoneyCentsInput';
import { DecimalInput } from '../../../../src/common/DecimalInput';
import { formatDecimal, parseDecimal } from '../../../../src/i18n/numberInput';
import type { AppLocale } from '../../../../src/i18n/locales';
import { createI18nProvider } from '../i18nCatalogs';

describe('parseDecimal', () => {
  it.each([
    ['pt-BR', '99,90', 99.9],
    ['pt-BR', '1.049,90', 1049.9],
    ['pt-BR', '1.000', 1000],
    ['pt-BR', '99.90', 99.9],
    ['pt-BR', '-0,5', -0.5],
    ['pt-BR', ',5', 0.5],
    ['es-ES', '12,75', 12.75],
    ['en-US', '99.90', 99.9],
    ['en-US', '1,049.90', 1049.9],
    ['en-US', '99,90', 99.9],
    ['en-US', '1,000', 1000],
    ['en-US', ' 42 ', 42],
  ])('%s reads %s as %d', (locale, text, expected) => {
    expect(parseDecimal(text, locale)).toBe(expected);
  });

  it('answers null for blank and NaN for anything else', () => {
    expect(parseDecimal('  ', 'pt-BR')).toBeNull();
    for (const text of ['abc', '99,9x', '1,2,3', '1.2.3,4', '12,34,56', '--1', '1e5']) {
      expect(parseDecimal(text, 'pt-BR'), text).toBeNaN();
    }
  });

  it('reads coordinates with a point or a comma, never as thousands', () => {
    expect(parseDecimal('-23.550', 'pt-BR', { coordinate: true })).toBe(-23.55);
    expect(parseDecimal('-23,550', 'en-US', { coordinate: true })).toBe(-23.55);
    expect(parseDecimal('-23,5.5', 'pt-BR', { coordinate: true })).toBeNaN();
  });
});

describe('formatDecimal', () => {
  it('writes the locale’s decimals without thousands separators', () => {
    expect(formatDecimal(1049.9, 'pt-BR', { digits: 2 })).toBe('1049,90');
    expect(formatDecimal(1049.9, 'en-US', { digits: 2 })).toBe('1049.90');
    expect(formatDecimal(0.125, 'es-ES')).toBe('0,125');
    expect(formatDecimal(-23.5505, 'pt-BR', { coordinate: true })).toBe('-23.5505');
    expect(formatDecimal(null, 'pt-BR')).toBe('');
  });
});

const renderForm = (locale: AppLocale, record: Record<string, unknown>, children: ReactElement) => {
  const onSubmit = vi.fn();
  render(
    <AdminContext i18nProvider={createI18nProvider(locale)} store={memoryStore()}>
      <Form record={{ id: 1, ...record }} onSubmit={onSubmit}>
        {children}
        <SaveButton alwaysEnable />
      </Form>
    </AdminContext>,
  );
  return onSubmit;
};

const submitted = async (onSubmit: ReturnType<typeof vi.fn>) => {
  fireEvent.click(screen.getByRole('button', { name: /salvar|save|guardar/i }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  return onSubmit.mock.calls[0][0] as Record<string, unknown>;
};

describe('money and decimal inputs', () => {
  it.each([
    ['pt-BR', '99,90'],
    ['es-ES', '99,90'],
    ['en-US', '99.90'],
  ] as const)('%s: %s in a money field is saved as 9990 cents', async (locale, typed) => {
    const onSubmit = renderForm(
      locale,
      { price: 4990 },
      <MoneyCentsInput source="price" label="Price" />,
    );
    const input = screen.getByLabelText('Price');
    expect(input).toHaveValue(locale === 'en-US' ? '49.90' : '49,90');
    fireEvent.change(input, { target: { value: typed } });
    expect((await submitted(onSubmit)).price).toBe(9990);
  });

  it('keeps what is not a number on screen, with an error, and does not save it', async () => {
    const onSubmit = renderForm(
      'pt-BR',
      { limit: 5 },
      <DecimalInput source="limit" label="Limite" integer />,
    );
    const input = screen.getByLabelText('Limite');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '5,5' } });
    fireEvent.blur(input);
    expect(input).toHaveValue('5,5');
    fireEvent.click(screen.getByRole('button', { name: /salvar/i }));
    expect(await screen.findByText('Informe um número inteiro')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'x' } });
    expect(await screen.findByText('Informe um número')).toBeInTheDocument();
  });

  it('refuses what is not a number in a converted field too (money)', async () => {
    const onSubmit = renderForm(
      'pt-BR',
      { price: 4990 },
      <MoneyCentsInput source="price" label="Price" />,
    );
    const input = screen.getByLabelText('Price');
    fireEvent.change(input, { target: { value: '99,9x' } });
    fireEvent.click(screen.getByRole('button', { name: /salvar/i }));
    expect(await screen.findByText('Informe um número')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears to null', async () => {
    const onSubmit = renderForm(
      'pt-BR',
      { speed: 12.5 },
      <DecimalInput source="speed" label="Velocidade" />,
    );
    const input = screen.getByLabelText('Velocidade');
    expect(input).toHaveValue('12,5');
    fireEvent.change(input, { target: { value: '' } });
    expect((await submitted(onSubmit)).speed).toBeNull();
  });
});

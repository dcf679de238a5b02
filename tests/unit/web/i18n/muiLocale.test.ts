import { MUI_LOCALES, withMuiLocale } from '../../../../src/i18n/muiLocale';

describe('MUI texts follow the interface language', () => {
  type Props = { defaultProps?: Record<string, unknown> };
  const props = (theme: object, component: string) =>
    (theme as { components?: Record<string, Props> }).components?.[component]?.defaultProps ?? {};

  it('puts the locale texts of Autocomplete and Pagination into the theme', () => {
    const base = { palette: { mode: 'light' as const } };
    expect(props(withMuiLocale(base, 'pt-BR'), 'MuiAutocomplete')).toMatchObject({
      openText: 'Abrir',
      clearText: 'Limpar',
    });
    expect(props(withMuiLocale(base, 'es-ES'), 'MuiAutocomplete')).toMatchObject({
      openText: 'Abrir',
      clearText: 'Limpiar',
    });
    const pagination = props(withMuiLocale(base, 'pt-BR'), 'MuiPagination');
    expect(typeof pagination.getItemAriaLabel).toBe('function');
    expect(withMuiLocale(base, 'pt-BR').palette).toEqual(base.palette);
    expect(props(withMuiLocale(base, 'xx'), 'MuiAutocomplete')).toEqual(
      props(MUI_LOCALES['pt-BR'], 'MuiAutocomplete'),
    );
  });
});

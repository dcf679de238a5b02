import { createI18nProvider } from '../i18nCatalogs';
import { MUI_LOCALES, withMuiLocale } from '../../../../src/i18n/muiLocale';
import { actionLabel, objectLabel } from '../../../../src/logs/logText';
import { speedForInput, speedFromInput } from '../../../../src/resources/common/SpeedInput';

const translator = (locale: 'pt-BR' | 'es-ES' | 'en-US') => {
  const provider = createI18nProvider(locale);
  return (key: string, options?: Record<string, unknown>) => provider.translate(key, options);
};

describe('audit log wording', () => {
  const pt = translator('pt-BR');
  const es = translator('es-ES');
  const en = translator('en-US');

  it('agrees the action with the entity gender', () => {
    expect(actionLabel('maintenance.create', pt)).toBe('Manutenção criada');
    expect(actionLabel('geofence.delete', pt)).toBe('Cerca virtual excluída');
    expect(actionLabel('notification.update', pt)).toBe('Notificação alterada');
    expect(actionLabel('device.create', pt)).toBe('Dispositivo criado');
    expect(actionLabel('maintenance.create', es)).toBe('Mantenimiento creado');
    expect(actionLabel('geofence.create', es)).toBe('Geocerca creada');
    expect(actionLabel('maintenance.create', en)).toBe('Maintenance created');
  });

  it('keeps actions with their own wording and falls back to the code', () => {
    expect(actionLabel('command.send', pt)).toBe('Comando enviado');
    expect(actionLabel('session.loginFailed', es)).toBe('Inicio de sesión fallido');
    expect(actionLabel('server.update', en)).toBe('Server settings updated');
    expect(actionLabel('spaceship.launch', pt)).toBe('spaceship.launch');
  });

  it('names the objects in the interface language', () => {
    expect(objectLabel({ calendarId: 1 }, pt)).toBe('Calendário #1');
    expect(objectLabel({ userId: 2, deviceId: 7 }, es)).toBe('Usuario #2 → Dispositivo #7');
    expect(objectLabel({ widgetId: 3 }, en)).toBe('widget #3');
  });
});

describe('computed attribute types', () => {
  it('are translated in every language', () => {
    expect(translator('pt-BR')('admin.computed.types.number')).toBe('Número');
    expect(translator('es-ES')('admin.computed.types.number')).not.toBe('number');
  });
});

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

describe('speed limits at the form boundary', () => {
  it('shows stored knots in the user unit and stores what is typed back in knots', () => {
    expect(speedForInput(54, 'kmh')).toBe(100.01);
    expect(speedForInput(54, 'kn')).toBe(54);
    expect(speedFromInput(100, 'kmh')).toBeCloseTo(53.996, 3);
    expect(speedFromInput(80, 'mph')).toBeCloseTo(69.518, 3);
    expect(speedForInput('54', 'kn')).toBe(54);
    expect(speedForInput(undefined, 'kmh')).toBeNull();
  });

  it('no form label names knots unless the user chose them', () => {
    for (const locale of ['pt-BR', 'es-ES', 'en-US'] as const) {
      const t = translator(locale);
      for (const key of [
        'resources.geofence.fields.attributes.speedLimit',
        'resources.device-admin.fields.attributes.speedLimit',
      ]) {
        expect(t(key)).not.toMatch(/nós|nudos|knots|\bkn\b/);
      }
    }
  });
});

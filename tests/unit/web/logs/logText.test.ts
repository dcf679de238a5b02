import { actionLabel, objectLabel } from '../../../../src/logs/logText';
import { translator } from '../i18nCatalogs';

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

import { describe, expect, it } from 'vitest';
import { commandMethods } from '../../../../../src/dataProvider/commands';
import { sendOutcomeKey } from '../../../../../src/fleet/actions/useDeviceActions';
import { createI18nProvider } from '../../i18nCatalogs';
import type { AppLocale } from '../../../../../src/i18n/locales';
import { fakeFetch, jsonResponse, textResponse } from '../../fakeFetch';

const toast = (locale: AppLocale, key: string) => createI18nProvider(locale).translate(key);

const queued = { id: 1, deviceId: 5, type: 'engineStop', textChannel: false, attributes: {} };

describe('the lock / unlock toast', () => {
  it('reads the outcome from the server’s status: 200 sent, 202 queued, an error fails', async () => {
    fakeFetch({ 'POST /api/commands/send': () => jsonResponse(queued, 200) });
    expect(await commandMethods.sendCommand({ deviceId: 5, type: 'engineStop' })).toBe('sent');
    fakeFetch({ 'POST /api/commands/send': () => jsonResponse(queued, 202) });
    expect(await commandMethods.sendCommand({ deviceId: 5, type: 'engineStop' })).toBe('queued');
    fakeFetch({
      'POST /api/commands/send': () => textResponse('Access denied - SecurityException', 400),
    });
    await expect(commandMethods.sendCommand({ deviceId: 5, type: 'engineStop' })).rejects.toThrow();
  });

  it('never calls an online device offline when its command is queued', () => {
    for (const locale of ['pt-BR', 'es-ES', 'en-US'] as const) {
      const text = toast(locale, sendOutcomeKey('queued', 'online'));
      expect(text).not.toMatch(/offline|desconectado/i);
      expect(text).not.toBe(toast(locale, sendOutcomeKey('sent', 'online')));
    }
    expect(toast('pt-BR', sendOutcomeKey('queued', 'online'))).toBe(
      'Comando enfileirado: será entregue ao dispositivo na próxima comunicação dele',
    );
    expect(toast('pt-BR', sendOutcomeKey('queued', 'offline'))).toMatch(
      /^O dispositivo está offline/,
    );
    expect(toast('pt-BR', sendOutcomeKey('sent', 'online'))).toBe('Comando enviado ao dispositivo');
  });
});

/**
 * Every action the server can write into the audit log has a label in each language, for a
 * request that succeeded and for one the server refused: the codes are computed from the routes
 * the app registers, so a new route without wording fails here.
 */
import type { TranslationMessages } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../../model/language';
import { auditCode } from '../../../../server/audit/naming';
import { isAudited } from '../../../../server/audit/record';
import logsEnUS from '../../../../src/i18n/messages/logs/enUS';
import logsEsES from '../../../../src/i18n/messages/logs/esES';
import logsPtBR from '../../../../src/i18n/messages/logs/ptBR';
import { actionLabel, resultLabel } from '../../../../src/logs/logText';
import { registeredRoutes } from '../../../support/routes';

const CATALOGUES = { 'pt-BR': logsPtBR, 'es-ES': logsEsES, 'en-US': logsEnUS };

const translator = (language: Language) => {
  // The audit catalogue alone: react-admin's own words (`ra`) play no part in these labels.
  const messages = CATALOGUES[language] as unknown as TranslationMessages;
  const provider = polyglotI18nProvider(() => messages, language);
  return (key: string, options?: Record<string, unknown>) => provider.translate(key, options);
};

/** `[code, status]` of every record the server can write: each route, done and refused. */
let written: [string, number][] = [];

beforeAll(async () => {
  const pairs = new Map<string, [string, number]>();
  for (const { method, url } of await registeredRoutes()) {
    if (!isAudited(method, url)) continue;
    for (const status of [200, 400]) {
      const code = auditCode(method, url, status);
      if (code) pairs.set(`${code}|${status}`, [code, status]);
    }
  }
  written = [...pairs.values()];
}, 120_000);

describe('audit action labels', () => {
  it('covers the codes the routes write, the templates and announcements among them', () => {
    const codes = new Set(written.map(([code]) => code));
    for (const code of [
      'share.session',
      'notification.send',
      'notification-template.update',
      'notification-template.delete',
      'invoice.lockUser',
      'session.revoke',
      'geofence.create',
    ]) {
      expect(codes).toContain(code);
    }
    // A preview changes nothing and is not recorded.
    expect([...codes].some((code) => code.includes('preview'))).toBe(false);
  });

  for (const language of LANGUAGES) {
    it(`labels every action in ${language}, done and refused`, () => {
      const t = translator(language);
      const missing = written.filter(([code, status]) => {
        const label = actionLabel(code, t, status);
        return label === code || label.includes('%{') || label.trim() === '';
      });
      expect(missing).toEqual([]);
      // A refused request never reads like the one that succeeded.
      const alike = written.filter(
        ([code, status]) =>
          status >= 400 &&
          code !== 'session.loginFailed' &&
          actionLabel(code, t, status) === actionLabel(code, t, 200),
      );
      expect(alike).toEqual([]);
    });
  }

  it('reads a refused write as refused, in each language', () => {
    const [pt, es, en] = LANGUAGES.map(translator);
    expect(actionLabel('geofence.create', pt, 200)).toBe('Cerca virtual criada');
    expect(actionLabel('geofence.create', pt, 400)).toBe('Criação de cerca virtual recusada');
    expect(actionLabel('geofence.create', es, 400)).toBe('Creación de geocerca rechazada');
    expect(actionLabel('geofence.create', en, 400)).toBe('Refused: geofence creation');
    expect(actionLabel('share.session', pt, 200)).toBe('Link compartilhado aberto');
    expect(actionLabel('notification.send', es, 200)).toBe('Comunicado enviado');
    expect(actionLabel('command.send', en, 403)).toBe('Command sending refused');
    expect(resultLabel(400, pt)).toBe('Recusado (400)');
    expect(resultLabel(200, es)).toBe('Completado (200)');
    expect(resultLabel(204, en)).toBe('Done (204)');
  });
});

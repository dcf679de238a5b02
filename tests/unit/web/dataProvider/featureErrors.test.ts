import { describe, expect, it } from 'vitest';
import { FEATURE_ERROR_KEYS, featureErrorText } from '../../../../src/dataProvider/featureErrors';
import { HttpError } from '../../../../src/dataProvider/http';
import { createI18nProvider, messages } from '../i18nCatalogs';
import type { AppLocale } from '../../../../src/i18n/locales';

const translateIn = (locale: AppLocale) => {
  const provider = createI18nProvider(locale);
  return (key: string, options?: Record<string, unknown>) => provider.translate(key, options);
};

/** What the screens catch: the http layer's error with the server's text body. */
const serverError = (text: string, status = 400) => new HttpError(text, status, text);

const lookup = (locale: AppLocale, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], {
    ...messages[locale],
  });

describe('server error texts on the billing, integration and reseller screens', () => {
  it('translates the reseller errors in each locale', () => {
    const limit = serverError('Reseller user limit reached - SecurityException');
    const domain = serverError('Reseller domain already in use - IllegalArgumentException');
    expect(featureErrorText(limit, translateIn('pt-BR'))).toBe(
      'Você atingiu o limite de usuários da revenda.',
    );
    expect(featureErrorText(limit, translateIn('es-ES'))).toBe(
      'Ha alcanzado el límite de usuarios de reventa.',
    );
    expect(featureErrorText(limit, translateIn('en-US'))).toBe(
      'You have reached your reseller user limit.',
    );
    expect(featureErrorText(domain, translateIn('pt-BR'))).toBe(
      'Este domínio de revenda já está em uso.',
    );
    const main = serverError('Reseller domain is the main domain - IllegalArgumentException');
    expect(featureErrorText(main, translateIn('es-ES'))).toBe(
      'Este es el dominio del propio sitio principal: una reventa no puede usarlo.',
    );
  });

  it('translates the billing errors, keeping the provider’s own words as a detail', () => {
    const pt = translateIn('pt-BR');
    expect(featureErrorText(serverError('Billing disabled - SecurityException'), pt)).toBe(
      'A cobrança está desativada neste servidor.',
    );
    expect(featureErrorText(serverError('Invalid CPF/CNPJ - IllegalArgumentException'), pt)).toBe(
      'O usuário não tem um CPF/CNPJ válido, exigido pelo provedor de pagamento.',
    );
    expect(featureErrorText(serverError('Already trust - SecurityException'), pt)).toBe(
      lookup('pt-BR', 'invoice.alreadyTrust'),
    );
    expect(
      featureErrorText(
        serverError(
          'Payment provider error: invalid customer (HTTP 400) - IllegalArgumentException',
        ),
        translateIn('es-ES'),
      ),
    ).toBe('El proveedor de pagos rechazó la solicitud: invalid customer (HTTP 400)');
  });

  it('names the integration field in the user’s language', () => {
    expect(
      featureErrorText(
        serverError('token is required - IllegalArgumentException'),
        translateIn('pt-BR'),
      ),
    ).toBe('Token da API é obrigatório.');
    expect(
      featureErrorText(
        serverError('port must be between 1 and 65535 - IllegalArgumentException'),
        translateIn('en-US'),
      ),
    ).toBe('The port must be between 1 and 65535.');
  });

  it('uses the shared admin and sign-in messages, and the server text only when unknown', () => {
    const pt = translateIn('pt-BR');
    expect(
      featureErrorText(serverError('Administrator access required - SecurityException'), pt),
    ).toBe(lookup('pt-BR', 'admin.errors.ADMINISTRATOR_ACCESS_REQUIRED'));
    expect(featureErrorText(serverError('Something new broke - RuntimeException'), pt)).toBe(
      'Something new broke',
    );
    expect(featureErrorText(new HttpError('', 0, ''), pt)).toBe(pt('ra.notification.http_error'));
  });

  it('has every mapped key in all three locales', () => {
    for (const key of Object.values(FEATURE_ERROR_KEYS)) {
      for (const locale of ['pt-BR', 'es-ES', 'en-US'] as const) {
        expect(typeof lookup(locale, key), `${locale} ${key}`).toBe('string');
      }
    }
  });
});

describe('errors the management data provider already keyed', () => {
  it('shows them translated, never as the raw admin.errors key', () => {
    // `traccar.ts` rethrows "Access denied - SecurityException" as this key, body aside.
    const keyed = new HttpError('admin.errors.ACCESS_DENIED', 400, null);
    expect(featureErrorText(keyed, translateIn('pt-BR'))).toBe('Acesso negado');
    expect(featureErrorText(keyed, translateIn('es-ES'))).toBe('Acceso denegado');
  });
});

describe('notification template errors', () => {
  it('names the unknown placeholder and the other refusals in each locale', () => {
    const unknown = serverError(
      'Unknown placeholder {placa} in template body - IllegalArgumentException',
    );
    expect(featureErrorText(unknown, translateIn('pt-BR'))).toBe('Marcador desconhecido: {placa}');
    expect(featureErrorText(unknown, translateIn('es-ES'))).toBe('Marcador desconocido: {placa}');
    expect(featureErrorText(unknown, translateIn('en-US'))).toBe('Unknown placeholder {placa}');
    const brace = serverError('Unmatched brace in template subject - IllegalArgumentException');
    expect(featureErrorText(brace, translateIn('pt-BR'))).toBe('Há uma chave { ou } sem par');
    const long = serverError(
      'Template body is longer than 4000 characters - IllegalArgumentException',
    );
    expect(featureErrorText(long, translateIn('es-ES'))).toBe(
      'El texto supera los 4000 caracteres',
    );
  });
});

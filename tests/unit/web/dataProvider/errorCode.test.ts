import {
  errorCode,
  errorMessageKey,
  knownErrorCodes,
} from '../../../../src/dataProvider/errorCode';
import { describeError } from '../../../../src/dataProvider/describeError';
import { HttpError } from '../../../../src/dataProvider/http';
import { messages } from '../i18nCatalogs';

describe('errorCode', () => {
  it("turns Traccar's 401 text into HTTP_401_UNAUTHORIZED", () => {
    expect(errorCode('HTTP 401 Unauthorized - WebApplicationException')).toBe(
      'HTTP_401_UNAUTHORIZED',
    );
  });

  it('cuts at the first " - " only', () => {
    expect(errorCode('Account is disabled - SecurityException - extra')).toBe(
      'ACCOUNT_IS_DISABLED',
    );
  });

  it('keeps a hyphen that has no spaces around it', () => {
    expect(errorCode('Pre-paid plan expired')).toBe('PRE-PAID_PLAN_EXPIRED');
  });

  it('handles text with no dash, extra spaces and a stack trace', () => {
    expect(errorCode('  Too many   login attempts  ')).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    expect(errorCode('Share has expired - SecurityException\n\tat org.traccar.X')).toBe(
      'SHARE_HAS_EXPIRED',
    );
  });

  it("translates the refusal of a reseller's user signing in on another domain", () => {
    const view = describeError({
      status: 400,
      body: 'Account belongs to another domain - SecurityException',
    });
    expect(view).toEqual({ kind: 'message', key: 'errors.ACCOUNT_BELONGS_TO_ANOTHER_DOMAIN' });
  });

  it('translates the cross-site refusal a sign-in meets at an address the server does not answer to', () => {
    const view = describeError({
      status: 400,
      body: 'Cross-site request refused - SecurityException',
    });
    expect(view).toEqual({ kind: 'message', key: 'errors.CROSS_SITE_REQUEST_REFUSED' });
  });

  it('gives an empty code for an empty body', () => {
    expect(errorCode('')).toBe('');
  });

  it('reads the object form with invoices', () => {
    const invoices = [{ id: 7, dueDate: '2024-05-10', value: 99.9, status: 'OVERDUE' }];
    expect(
      errorCode({
        error: 'Account is suspended - SecurityException',
        trustAvailable: true,
        invoices,
      }),
    ).toEqual({ code: 'ACCOUNT_IS_SUSPENDED', trustAvailable: true, invoices });
  });

  it('defaults missing object fields', () => {
    expect(errorCode({})).toEqual({ code: '', trustAvailable: false, invoices: [] });
  });
});

describe('errorMessageKey', () => {
  it('maps each known code to an errors.* key present in every locale', () => {
    for (const code of knownErrorCodes) {
      const key = errorMessageKey(code);
      expect(key).toBe(`errors.${code}`);
      for (const locale of Object.values(messages)) {
        const errors = locale.errors as Record<string, string>;
        expect(errors[code], `${code}`).toBeTruthy();
      }
    }
  });

  it('has the error texts in Portuguese', () => {
    const errors = messages['pt-BR'].errors as Record<string, string>;
    expect(errors.HTTP_401_UNAUTHORIZED).toBe('Combinação de usuário e senha inválida.');
    expect(errors.FILL_ALL_FIELDS).toBe('Por favor, preencha todos os campos.');
    expect(errors.SHARE_HAS_EXPIRED).toBe('Sua sessão expirou!');
    expect(errors.USER_NOT_AUTHED).toBe('Atualize a sua página');
  });

  it('maps server wordings to our codes and returns null for unknown codes', () => {
    expect(errorMessageKey('EMAIL_IS_REQUIRED')).toBe('errors.FILL_EMAIL_FIELD');
    expect(errorMessageKey('SOMETHING_ODD')).toBeNull();
  });
});

describe('describeError', () => {
  it('translates a known text error', () => {
    const error = new HttpError('x', 400, 'Account has expired - SecurityException');
    expect(describeError(error)).toEqual({ kind: 'message', key: 'errors.ACCOUNT_HAS_EXPIRED' });
  });

  it('shows the raw first line of an unknown error as text', () => {
    const error = new HttpError('x', 400, 'Disk on fire - IOException\nat line 3');
    expect(describeError(error)).toEqual({ kind: 'text', text: 'Disk on fire - IOException' });
  });

  it('picks the trust message for a suspended account with a trust unlock', () => {
    const body = { error: 'Account is suspended', trustAvailable: true, invoices: [] };
    expect(describeError(new HttpError('x', 400, body))).toEqual({
      kind: 'suspended',
      key: 'errors.ACCOUNT_IS_SUSPENDED_TRUST',
      invoices: [],
      trustAvailable: true,
    });
  });

  it('reports network failures as a communication error', () => {
    expect(describeError(new HttpError('x', 0, null))).toEqual({
      kind: 'message',
      key: 'ra.notification.http_error',
    });
  });
});

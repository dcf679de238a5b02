import type { Invoice } from '../../model/invoice';
import { errorCode, errorMessageKey } from './errorCode';

/** How a failed call is shown: a translated message, the server's own text, or the suspended box. */
export type ErrorView =
  | { kind: 'message'; key: string }
  | { kind: 'text'; text: string }
  | { kind: 'suspended'; key: string; invoices: Invoice[]; trustAvailable: boolean };

interface ErrorLike {
  status?: unknown;
  body?: unknown;
  message?: unknown;
}

const UNKNOWN: ErrorView = { kind: 'message', key: 'errors.UNKNOWN' };

const fromObject = (body: object): ErrorView | null => {
  const { code, trustAvailable, invoices } = errorCode(body);
  if (code.startsWith('ACCOUNT_IS_SUSPENDED') || invoices.length > 0) {
    const key = trustAvailable
      ? 'errors.ACCOUNT_IS_SUSPENDED_TRUST'
      : 'errors.ACCOUNT_IS_SUSPENDED';
    return { kind: 'suspended', key, invoices, trustAvailable };
  }
  const key = errorMessageKey(code);
  return key ? { kind: 'message', key } : null;
};

const fromText = (text: string, status: unknown): ErrorView => {
  const key = errorMessageKey(errorCode(text));
  if (key) return { kind: 'message', key };
  if (status === 401) return { kind: 'message', key: 'errors.HTTP_401_UNAUTHORIZED' };
  const firstLine = text.split('\n')[0].trim();
  return firstLine ? { kind: 'text', text: firstLine } : UNKNOWN;
};

export const describeError = (error: unknown): ErrorView => {
  if (typeof error !== 'object' || error === null) return UNKNOWN;
  const { status, body, message } = error as ErrorLike;
  if (status === 0) return { kind: 'message', key: 'ra.notification.http_error' };
  if (body && typeof body === 'object') {
    const view = fromObject(body);
    if (view) return view;
  }
  if (typeof body === 'string' && body.trim()) return fromText(body, status);
  return fromText(typeof message === 'string' ? message : '', status);
};

import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { errorCode, errorMessageKey } from './errorCode';
import { serverErrorCode } from './serverErrors';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Codes (the server text before ` - `, upper-cased with underscores) of the billing,
 * integration and reseller errors, and their message keys in the `billing` and `reseller`
 * catalogues.
 */
export const FEATURE_ERROR_KEYS: Record<string, string> = {
  BILLING_DISABLED: 'billing.errors.billingDisabled',
  PLUS_LICENCE_REQUIRED: 'billing.errors.plusRequired',
  PRICE_IS_REQUIRED: 'billing.errors.priceRequired',
  INVALID_DUE_DATE: 'billing.errors.invalidDueDate',
  'INVALID_CPF/CNPJ': 'billing.errors.invalidCpfCnpj',
  INVOICE_IS_NOT_OPEN: 'billing.errors.invoiceNotOpen',
  PAYMENT_PROVIDER_NOT_CONFIGURED: 'billing.errors.providerNotConfigured',
  PAYMENT_PROVIDER_UNREACHABLE: 'billing.errors.providerUnreachable',
  A_PAID_INVOICE_CANNOT_BE_CANCELLED: 'billing.errors.paidNotCancellable',
  ALREADY_TRUST: 'invoice.alreadyTrust',
  TRUST_UNLOCK_NOT_AVAILABLE: 'billing.errors.trustNotAvailable',
  ACCOUNT_IS_NOT_SUSPENDED: 'billing.errors.notSuspended',
  PORT_MUST_BE_BETWEEN_1_AND_65535: 'integrations.errors.port',
  'URL_MUST_BE_AN_HTTP(S)_ADDRESS': 'integrations.errors.url',
  RESELLER_ACCESS_REQUIRED: 'reseller.errors.accessRequired',
  RESELLER_SETTINGS_REQUIRE_AN_ADMINISTRATOR: 'reseller.errors.adminOnlySettings',
  'SUB-RESELLER_LIMIT_EXCEEDS_YOUR_REMAINING_LIMIT': 'reseller.errors.subLimitTooHigh',
  RESELLER_USER_LIMIT_REACHED: 'reseller.errors.userLimitReached',
  RESELLER_DOMAIN_ALREADY_IN_USE: 'reseller.errors.domainInUse',
  RESELLER_DOMAIN_IS_THE_MAIN_DOMAIN: 'reseller.errors.mainDomain',
  INVALID_RESELLER_DOMAIN: 'reseller.errors.invalidDomain',
  INVALID_RESELLER_LIMIT: 'reseller.errors.invalidLimit',
  ANNOUNCEMENT_HAS_NO_RECIPIENTS: 'announcements.noRecipients',
  UNMATCHED_BRACE_IN_TEMPLATE_SUBJECT: 'notificationTemplates.errors.unmatchedBrace',
  UNMATCHED_BRACE_IN_TEMPLATE_BODY: 'notificationTemplates.errors.unmatchedBrace',
  TEMPLATE_SUBJECT_IS_EMPTY: 'notificationTemplates.errors.empty',
  TEMPLATE_BODY_IS_EMPTY: 'notificationTemplates.errors.empty',
  TEMPLATE_SUBJECT_MUST_BE_ONE_LINE: 'notificationTemplates.errors.oneLine',
};

/** Texts carrying a field name or the provider's own words, kept as message arguments. */
const PATTERNS: { pattern: RegExp; key: string; arg: 'field' | 'detail' }[] = [
  { pattern: /^Payment provider error: (.+)$/, key: 'billing.errors.providerError', arg: 'detail' },
  { pattern: /^(\w+) is required$/, key: 'integrations.errors.required', arg: 'field' },
  { pattern: /^(\w+) is too long$/, key: 'integrations.errors.tooLong', arg: 'field' },
  { pattern: /^(\w+) must be an? \w+$/, key: 'integrations.errors.invalid', arg: 'field' },
  { pattern: /^Unknown setting (\w+)$/, key: 'integrations.errors.unknownSetting', arg: 'field' },
  {
    pattern: /^Unknown placeholder (\{.*\}) in template (?:subject|body)$/,
    key: 'notificationTemplates.errors.unknownPlaceholder',
    arg: 'detail',
  },
  {
    pattern: /^Template (?:subject|body) is longer than (\d+) characters$/,
    key: 'notificationTemplates.errors.tooLong',
    arg: 'detail',
  },
];

interface ErrorLike {
  status?: unknown;
  body?: unknown;
  message?: unknown;
}

/** The server's message (before ` - `) of a failed request, or '' when it had none. */
function serverMessage(error: unknown): string {
  if (typeof error === 'string') return error.split('\n')[0].split(' - ')[0].trim();
  if (typeof error !== 'object' || error === null) return '';
  const { body, message } = error as ErrorLike;
  const text =
    typeof body === 'string' && body.trim()
      ? body
      : body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string'
        ? (body as { error: string }).error
        : typeof message === 'string'
          ? message
          : '';
  return text.split('\n')[0].split(' - ')[0].trim();
}

/**
 * A failed request's error in the user's language: the feature codes above, then the
 * management screens' (`admin.errors.*`) and sign-in ones (`errors.*`); only an unknown message
 * falls back to the server's own text.
 */
export function featureErrorText(error: unknown, translate: Translate): string {
  if ((error as ErrorLike | null)?.status === 0) return translate('ra.notification.http_error');
  const message = serverMessage(error);
  if (!message) return translate('errors.UNKNOWN');
  // The management data provider already turned the server's text into a message key.
  if (/^admin\.errors\.[A-Z_]+$/.test(message)) return translate(message, { _: message });
  const code = errorCode(message);
  const key = FEATURE_ERROR_KEYS[code];
  if (key) return translate(key);
  for (const { pattern, key: patternKey, arg } of PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const value =
      arg === 'field' ? translate(`integrations.fields.${match[1]}`, { _: match[1] }) : match[1];
    return translate(patternKey, { [arg]: value });
  }
  const adminCode = serverErrorCode(message);
  if (adminCode) return translate(`admin.errors.${adminCode}`);
  const known = errorMessageKey(code);
  return known ? translate(known) : message;
}

/** `featureErrorText` with the current locale. */
export const useErrorText = (): ((error: unknown) => string) => {
  const translate = useTranslate();
  return useCallback((error: unknown) => featureErrorText(error, translate), [translate]);
};

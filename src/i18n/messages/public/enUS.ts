import frameEnUS from '../frame/enUS';
import pwaEnUS from '../pwa/enUS';
import signInEnUS, { signInErrorsEnUS } from '../signIn/enUS';

/**
 * What the pages without a session say (sign-in, registration, password recovery, maintenance,
 * the app's frame and the sign-in errors): the first screen loads these alone, the signed-in app
 * everything (`messages/enUS.ts`).
 */
const publicEnUS = {
  ...signInEnUS,
  ...frameEnUS,
  ...pwaEnUS,
  login: {
    username: 'Username',
    password: 'Password',
    remember: 'Remember me',
    signIn: 'Sign in',
    lostPassword: 'Lost your password?',
    register: 'Create an account',
    language: 'Language',
    driverTitle: 'Driver sign-in',
  },
  register: {
    title: 'Create account',
    name: 'Name',
    email: 'Email',
    password: 'Password',
    submit: 'Register',
    success: 'Account created. You can now sign in.',
    disabled: 'Registration is not available on this server.',
  },
  recover: {
    title: 'Recover password',
    intro: 'Enter the email of your account and we will send you a link to set a new password.',
    email: 'Email',
    send: 'Send link',
    sent: 'If an account exists for this email, a recovery link has been sent to it.',
    setTitle: 'Set a new password',
    token: 'Recovery code',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    save: 'Save password',
    done: 'Your password has been changed. You can now sign in.',
  },
  common: {
    backToLogin: 'Back to sign-in',
  },
  validation: {
    name: 'Enter a first and last name',
    email: 'Enter a valid username',
    password: 'Enter a password of at least 8 characters',
    passwordMismatch: 'The passwords do not match',
  },
  maintenance: {
    title: 'Under maintenance',
    message: 'The server could not be reached. Please try again in a few moments.',
    retry: 'Try again',
  },
  invoice: {
    trustUnlock: 'Trust unlock',
    alreadyTrust:
      'The trust unlock has already been used. Please settle your open invoices or contact support.',
    title: 'Open invoices',
    dueDate: 'Due date',
    value: 'Amount',
    statusLabel: 'Status',
    statuses: {
      PENDING: 'Pending',
      RECEIVED_IN_CASH: 'Received in cash',
      RECEIVED: 'Received',
      CONFIRMED: 'Confirmed',
      OVERDUE: 'Overdue',
      REFUND_REQUESTED: 'Refund requested',
      REFUND_IN_PROGRESS: 'Refund in progress',
      CHARGEBACK_REQUESTED: 'Chargeback requested',
      CHARGEBACK_DISPUTE: 'Chargeback dispute',
      AWAITING_CHARGEBACK_REVERSAL: 'Awaiting chargeback reversal',
      DUNNING_REQUESTED: 'Dunning requested',
      DUNNING_RECEIVED: 'Dunning received',
      AWAITING_RISK_ANALYSIS: 'Awaiting risk analysis',
    },
  },
  errors: {
    ...signInErrorsEnUS,
    HTTP_401_UNAUTHORIZED: 'Invalid username and password combination.',
    ACCOUNT_IS_DISABLED: 'Your account is disabled. Please contact the administrator.',
    ACCOUNT_IS_SUSPENDED:
      'Your account is suspended for non-payment. Please contact support or settle your open invoices.',
    ACCOUNT_IS_SUSPENDED_TRUST:
      'Your account is suspended for non-payment. A one-time trust unlock is available: contact support or settle your open invoices.',
    ACCOUNT_HAS_EXPIRED: 'Your account has expired. Please contact the administrator.',
    ACCOUNT_BELONGS_TO_ANOTHER_DOMAIN:
      "This account belongs to another address. Sign in on your provider's site.",
    SHARE_HAS_EXPIRED: 'Your session has expired!',
    INVALID_SHARE: 'Link expired or invalid.',
    TOO_MANY_LOGIN_ATTEMPTS: 'Too many sign-in attempts. Please wait a moment and try again.',
    REGISTRATION_DISABLED: 'Creating new users is temporarily blocked.',
    EMAIL_ALREADY_IN_USE: 'This email is already in use.',
    INVALID_OR_EXPIRED_TOKEN: 'The recovery code is invalid or has expired.',
    PASSWORD_TOO_SHORT: 'The password is too short: use at least 8 characters.',
    PASSWORD_TOO_COMMON: 'This password is too common. Choose another.',
    PASSWORD_MATCHES_THE_ACCOUNT: 'The password cannot be your e-mail or your name.',
    TOO_MANY_REQUESTS: 'Too many requests from this address. Wait a while and try again.',
    FILL_ALL_FIELDS: 'Please fill in all fields.',
    INVALID_LOGIN_DATA: 'It looks like you entered incorrect data.',
    FILL_EMAIL_FIELD: 'Please fill in the email field.',
    FILL_TOKEN_FIELD: 'Please fill in the recovery code field.',
    USER_NOT_AUTHED: 'Refresh your page',
    CROSS_SITE_REQUEST_REFUSED:
      'The server refused this request because this page was not opened at its address. Open the app at the address your administrator gave you; if that is the one you used, the administrator should check the proxy settings.',
    TEXT_HOLDS_A_NUL_CHARACTER: 'The text holds a character that cannot be stored.',
    NUMBER_IS_NOT_FINITE: 'The number given is not valid.',
    MAIL_IS_NOT_CONFIGURED: 'This server cannot send e-mail: ask an administrator to set it up.',
    ACCOUNT_HAS_NO_EMAIL_ADDRESS:
      'Your account has no e-mail address to send to: add one under My account.',
    UNKNOWN: 'An unexpected error occurred.',
  },
  whatsapp: {
    label: 'Talk to us on WhatsApp',
  },
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export type PublicMessages = Strings<typeof publicEnUS>;

export default publicEnUS;

/** Two-step sign-in, signing in as another user, and password reset (see docs/traccar-api.md). */
const signInEnUS = {
  signIn: {
    code: {
      label: 'Verification code',
      prompt: 'Enter the 6-digit code shown in your authenticator app.',
      back: 'Use another account',
    },
    twoFactor: {
      title: 'Two-step verification',
      intro:
        'Besides your password, signing in will ask for a code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, Authy, …).',
      on: 'Two-step verification is on.',
      off: 'Two-step verification is off.',
      enable: 'Turn on',
      disable: 'Turn off',
      scan: 'Scan this QR code with your authenticator app, or type the key below.',
      qrAlt: 'QR code to add this account to an authenticator app',
      key: 'Setup key',
      copy: 'Copy key',
      copied: 'Key copied',
      confirmCode: 'Code shown in the app',
      confirmHelp: 'Type the current code to prove the app is set up. Only then is it saved.',
      confirm: 'Confirm and turn on',
      cancel: 'Cancel',
      wrongCode: 'This code does not match. Check that the phone clock is right and try again.',
      enabled: 'Two-step verification turned on',
      disabled: 'Two-step verification turned off',
      disableTitle: 'Turn off two-step verification?',
      disableText: 'Signing in will ask only for your password.',
      forced: 'This server requires two-step verification. Turn it on to continue.',
      impersonating: 'Two-step verification is managed by the user themselves.',
      failed: 'Could not save: %{error}',
    },
    impersonation: {
      loginAs: 'Sign in as',
      loginAsUser: 'Sign in as %{name}',
      banner: 'Signed in as %{name}',
      back: 'Back to %{name}',
      failed: 'Could not sign in as this user: %{error}',
      backFailed: 'Could not go back to your account: %{error}',
    },
    server: {
      section: 'Security',
      totpEnable: 'Allow two-step verification',
      totpForce: 'Require two-step verification',
      totpForceHelp: 'Users without it are sent to turn it on after signing in.',
    },
  },
};

/** Messages for the server's refusals about these features (merged into `errors`). */
export const signInErrorsEnUS = {
  USER_AUTHORIZATION_FAILED: 'Invalid verification code.',
  ONE_TIME_PASSWORD_KEY_IS_REQUIRED: 'This server requires two-step verification.',
  INVALID_ONE_TIME_PASSWORD_KEY: 'Invalid two-step verification key.',
  ONE_TIME_PASSWORD_IS_DISABLED: 'Two-step verification is not enabled on this server.',
  USER_ACCESS_DENIED: 'You do not have access to this user.',
  NOT_SIGNED_IN_AS_ANOTHER_USER: 'You are not signed in as another user.',
};

export default signInEnUS;

/**
 * The integrations and their settings, shared by the server and the web app. Secret fields are
 * write-only: the browser sees only `<name>Set: boolean`, and a blank secret keeps the stored one.
 */
export type IntegrationFieldType = 'boolean' | 'string' | 'number' | 'secret';

export const INTEGRATIONS = {
  asaas: {
    title: 'Asaas',
    fields: {
      enabled: 'boolean',
      email: 'string',
      token: 'secret',
      sandbox: 'boolean',
      webhookToken: 'secret',
    },
  },
  email: {
    title: 'E-mail (SMTP)',
    fields: {
      enabled: 'boolean',
      host: 'string',
      port: 'number',
      secure: 'boolean',
      user: 'string',
      password: 'secret',
      senderEmail: 'string',
      senderName: 'string',
    },
  },
  invoice: {
    title: 'Invoice webhook',
    fields: { enabled: 'boolean', url: 'string', secret: 'secret' },
  },
} as const satisfies Record<
  string,
  { title: string; fields: Record<string, IntegrationFieldType> }
>;

export type IntegrationKey = keyof typeof INTEGRATIONS;
export const INTEGRATION_KEYS = Object.keys(INTEGRATIONS) as IntegrationKey[];

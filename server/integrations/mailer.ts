import { smtpMailer, type Mailer } from '../mail/mailer';
import type { Settings } from './catalog';
import type { IntegrationStore } from './store';

/** A mailer over the `email` integration's SMTP settings. */
function smtpIntegrationMailer(settings: Settings): Mailer {
  const user = String(settings.user ?? '');
  const address = String(settings.senderEmail);
  const name = String(settings.senderName ?? '');
  return smtpMailer(
    (nodemailer) =>
      nodemailer.createTransport({
        host: String(settings.host),
        port: Number(settings.port),
        secure: settings.secure === true,
        ...(user ? { auth: { user, pass: String(settings.password ?? '') } } : {}),
      }),
    name ? { name, address } : address,
  );
}

/**
 * The mailer to use right now: the `email` integration when it is enabled, else the one from
 * SMTP_URL (or none). Resolved at each use, so saving the integration takes effect at once.
 */
export class MailerSource {
  private integrationMailer: Mailer | null = null;

  constructor(
    private readonly integrations: IntegrationStore,
    private readonly fallback: Mailer | null,
  ) {
    integrations.onChange((key) => {
      if (key !== 'email') return;
      this.integrationMailer?.close();
      this.integrationMailer = null;
    });
  }

  current(): Mailer | null {
    const settings = this.integrations.enabled('email');
    if (!settings) return this.fallback;
    this.integrationMailer ??= smtpIntegrationMailer(settings);
    return this.integrationMailer;
  }

  close(): void {
    this.integrationMailer?.close();
    this.fallback?.close();
  }
}

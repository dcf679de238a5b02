import type { Transporter } from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Set for an image the HTML part shows (`<img src="cid:…">`) rather than a file to open. */
  cid?: string;
}

interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text`; clients that show HTML show this one. */
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Sender when SMTP_FROM is unset: the SMTP user if it is an address, else a no-reply one. */
function defaultSender(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const user = decodeURIComponent(url.username);
  return user.includes('@') ? user : `no-reply@${url.hostname || 'localhost'}`;
}

export function createMailer(smtpUrl: string, from: string | null): Mailer {
  return smtpMailer(
    (nodemailer) => nodemailer.createTransport(smtpUrl),
    from ?? defaultSender(smtpUrl),
  );
}

/**
 * A mailer whose transport is made for its first message: nodemailer is loaded then, rather than
 * at every server start.
 */
export function smtpMailer(
  connect: (nodemailer: typeof import('nodemailer')) => Transporter,
  from: string | { name: string; address: string },
): Mailer {
  let transport: Promise<Transporter> | null = null;
  return {
    async send(message) {
      transport ??= import('nodemailer').then(connect);
      await (await transport).sendMail({ from, ...message });
    },
    close() {
      // A transport that failed to load has nothing to close; its error reached `send`.
      void transport?.then(
        (open) => open.close(),
        () => {},
      );
    },
  };
}

/** The mailer with a callback after each message the transport accepted (usage statistics). */
export function countingMailer(mailer: Mailer, onSent: () => void): Mailer {
  return {
    async send(message) {
      await mailer.send(message);
      onSent();
    },
    close() {
      mailer.close();
    },
  };
}

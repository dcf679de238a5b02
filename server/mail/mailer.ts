import nodemailer from 'nodemailer';

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
  const transport = nodemailer.createTransport(smtpUrl);
  const sender = from ?? defaultSender(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: sender, ...message });
    },
    close() {
      transport.close();
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

/** A local SMTP receiver for tests: accepts every message and keeps it for assertions. */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** Raw message source (headers and body). */
  raw: string;
}

export interface TestSmtp {
  /** Value for Frota's SMTP_URL, with the credentials the receiver requires. */
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail (past or future) to `to`. */
  waitForMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtp(user = 'mailer', pass = 'mail-secret'): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Plain SMTP with AUTH over loopback; STARTTLS would need a trusted certificate.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${user}:${pass}@127.0.0.1:${port}`,
    mails,
    async waitForMail(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = mails.find((m) => m.to.includes(to));
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The message body with quoted-printable or base64 transfer encoding undone. */
export function mailBody(mail: ReceivedMail): string {
  const split = mail.raw.indexOf('\r\n\r\n');
  const headers = mail.raw.slice(0, split);
  const body = mail.raw.slice(split + 4);
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return body;
}

/** A header value, e.g. `mailHeader(mail, 'subject')`; RFC 2047 words are not decoded. */
export function mailHeader(mail: ReceivedMail, name: string): string | null {
  const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers);
  return match ? match[1] : null;
}

/** One leaf of a MIME message: its type, `Content-ID` and decoded content. */
export interface MailPart {
  contentType: string;
  contentId: string | null;
  content: Buffer;
}

function splitHeaders(raw: string): { headers: string; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  return split < 0
    ? { headers: raw, body: '' }
    : { headers: raw.slice(0, split).replace(/\r\n[ \t]+/g, ' '), body: raw.slice(split + 4) };
}

const headerOf = (headers: string, name: string): string | null =>
  new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1] ?? null;

function decodeTransfer(body: string, encoding: string | null): Buffer {
  if (encoding && /quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1');
  }
  if (encoding && /base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  return Buffer.from(body, 'latin1');
}

/** Every leaf part of a message, multipart or not, in order. */
export function mailParts(mail: ReceivedMail): MailPart[] {
  const walk = (raw: string): MailPart[] => {
    const { headers, body } = splitHeaders(raw);
    const type = headerOf(headers, 'content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      return body
        .split(`--${boundary}`)
        .slice(1)
        .filter((part) => !part.startsWith('--'))
        .flatMap((part) => walk(part.replace(/^\r\n/, '')));
    }
    const id = headerOf(headers, 'content-id');
    return [
      {
        contentType: type.split(';')[0].trim().toLowerCase(),
        contentId: id ? id.replace(/[<>]/g, '').trim() : null,
        content: decodeTransfer(
          body.replace(/\r\n$/, ''),
          headerOf(headers, 'content-transfer-encoding'),
        ),
      },
    ];
  };
  // The raw source read as bytes: multi-byte UTF-8 only ever sits inside encoded parts.
  return walk(Buffer.from(mail.raw, 'utf8').toString('latin1'));
}

/** The text of the message's first part of `type` (`text/plain`, `text/html`), else null. */
export function mailText(mail: ReceivedMail, type: string): string | null {
  const part = mailParts(mail).find((p) => p.contentType === type);
  return part ? part.content.toString('utf8') : null;
}

/** The subject with its RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) decoded. */
export function mailSubject(mail: ReceivedMail): string | null {
  const value = mailHeader(mail, 'subject');
  if (value === null) return null;
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([QB])\?([^?]*)\?=/gi,
      (_m, _charset: string, kind: string, text: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodeTransfer(text.replace(/_/g, ' '), 'quoted-printable').toString('utf8'),
    );
}

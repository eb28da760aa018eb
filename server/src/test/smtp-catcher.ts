import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

/** A mail as the SMTP catcher received it, decoded enough for tests to read it. */
export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpCatcher {
  /** The SMTP_URL that makes the app deliver here. */
  url: string;
  mails: CaughtMail[];
  mailsTo(address: string): CaughtMail[];
  /** Resolves with the address's mails once it has at least `count` of them. */
  waitForMails(address: string, count?: number, timeoutMs?: number): Promise<CaughtMail[]>;
  /** The next `count` messages are refused with a permanent SMTP error. */
  refuseNext(count?: number): void;
  /** How many messages were refused so far. */
  refusedCount(): number;
  /** Every message is acknowledged only after this many milliseconds. */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (smtp-server), so the app's nodemailer SMTP path runs exactly
 * as in production. The message is decoded here rather than with mailparser, which cannot be
 * installed on these machines.
 */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  let refusals = 0;
  let refused = 0;
  let delayMs = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          refused += 1;
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        setTimeout(() => {
          mails.push(
            decodeMessage(
              raw,
              session.envelope.rcptTo.map((rcpt) => rcpt.address),
            ),
          );
          callback();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const mailsTo = (address: string) =>
    mails.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo,
    async waitForMails(address, count = 1, timeoutMs = 5_000) {
      // performance.now, not Date: tests freeze Date to move the clock.
      const deadline = performance.now() + timeoutMs;
      while (mailsTo(address).length < count) {
        if (performance.now() > deadline) {
          throw new Error(
            `expected ${count} mail(s) to ${address}, got ${mailsTo(address).length}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return mailsTo(address);
    },
    refuseNext(count = 1) {
      refusals = count;
    },
    refusedCount: () => refused,
    setDelay(ms) {
      delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Starts a catcher before the suite's app (register it first) and stops it after. */
export function useSmtpCatcher(): SmtpCatcher {
  const holder = {} as SmtpCatcher;
  beforeAll(async () => {
    Object.assign(holder, await startSmtpCatcher());
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
}

/** The six-digit code of a sign-up mail. */
export function codeFrom(mail: CaughtMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in mail "${mail.subject}"`);
  return match[1];
}

/** The `{id}` and `{token}` of the reset link in a mail. */
export function resetLinkFrom(mail: CaughtMail, appUrl: string): { id: string; token: string } {
  const escaped = appUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/reset-password/([^/\\s]+)/([^/\\s<"]+)`).exec(mail.text);
  if (!match?.[1] || !match[2]) throw new Error(`no reset link in mail "${mail.subject}"`);
  return { id: match[1], token: match[2] };
}

/** The token of the invitation link in a mail. */
export function inviteTokenFrom(mail: CaughtMail, appUrl: string): string {
  const escaped = appUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/register\\?invite=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no invitation link in mail "${mail.subject}"`);
  return match[1];
}

function decodeMessage(raw: string, to: string[]): CaughtMail {
  const message = parseEntity(raw);
  const parts = flatten(message);
  const textPart = parts.find((part) => part.type === 'text/plain');
  const htmlPart = parts.find((part) => part.type === 'text/html');
  return {
    from: decodeHeader(message.headers['from'] ?? ''),
    to,
    subject: decodeHeader(message.headers['subject'] ?? ''),
    text: textPart?.body ?? '',
    html: htmlPart?.body ?? '',
    raw,
  };
}

interface Entity {
  headers: Record<string, string>;
  type: string;
  body: string;
  parts: Entity[];
}

function parseEntity(raw: string): Entity {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const rest = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const contentType = headers['content-type'] ?? 'text/plain';
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1] ?? '';
    const sections = rest.split(`--${boundary}`).slice(1);
    const parts = sections
      .filter((section) => !section.startsWith('--'))
      .map((section) => parseEntity(section.replace(/^\r?\n/, '')));
    return { headers, type, body: '', parts };
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  return { headers, type, body: decodeBody(rest, encoding).replace(/\r?\n$/, ''), parts: [] };
}

function flatten(entity: Entity): Entity[] {
  return entity.parts.length === 0 ? [entity] : entity.parts.flatMap(flatten);
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII headers. */
function decodeHeader(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BQ])\?([^?]*)\?=\s*/gi,
    (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../db/private-files.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** Resolves when a mail could be handed over now; throws MailDeliveryError otherwise. */
  verify(): Promise<void>;
  close(): void;
}

/** Raised when a mail could not be handed over; callers answer 503 and keep nothing half-done. */
export class MailDeliveryError extends Error {
  constructor(cause: unknown) {
    super('The mail could not be sent.', { cause });
    this.name = 'MailDeliveryError';
  }
}

/**
 * SMTP when SMTP_URL is set. Otherwise the same nodemailer message is rendered to an .eml file
 * under data/outbox/ and its text logged, so development needs no mail server and still
 * exercises the real message building.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      async send(mail) {
        try {
          await transport.sendMail({ from: config.mailFrom, ...mail });
        } catch (error) {
          throw new MailDeliveryError(error);
        }
      },
      async verify() {
        try {
          await transport.verify();
        } catch (error) {
          throw new MailDeliveryError(error);
        }
      },
      close: () => transport.close(),
    };
  }
  return createOutboxMailer(config.outboxDir, config.mailFrom, log);
}

function createOutboxMailer(dir: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport: Transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
  });
  return {
    async send(mail) {
      try {
        const info = (await transport.sendMail({ from, ...mail })) as { message: Buffer };
        await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
        // A mail holds a sign-up code or a reset link: readable by the server's user only.
        await writeFile(join(dir, name), info.message, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
        log.info(
          { to: mail.to, subject: mail.subject, file: name },
          `mail written to outbox:\n${mail.text}`,
        );
      } catch (error) {
        throw new MailDeliveryError(error);
      }
    },
    async verify() {
      try {
        await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      } catch (error) {
        throw new MailDeliveryError(error);
      }
    },
    close: () => transport.close(),
  };
}

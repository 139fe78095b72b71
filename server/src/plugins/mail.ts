import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** SMTP connections are pooled (runs send hundreds of messages): `pool=true` unless the URL says otherwise. */
export function pooledSmtpUrl(url: string): string {
  return /[?&]pool=/.test(url) ? url : `${url}${url.includes('?') ? '&' : '?'}pool=true&maxConnections=4`;
}

const LINK = /https?:\/\/[^\s<>"]+/g;

/**
 * Outgoing mail. With SMTP_URL set it goes out over SMTP; otherwise each message is written to
 * MAIL_DIR as an .eml file and its links are logged, which is how links reach a developer.
 * `send` returns at once; `drain` waits for what is still on its way (tests, shutdown).
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailDir' | 'mailFrom'>, log: FastifyBaseLogger) {
  const transport = config.smtpUrl
    ? nodemailer.createTransport(pooledSmtpUrl(config.smtpUrl))
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  async function deliver(message: MailMessage): Promise<void> {
    const info = await transport.sendMail({ from: config.mailFrom, ...message });
    const links = message.text.match(LINK) ?? [];
    if (config.smtpUrl) {
      log.info({ to: message.to, subject: message.subject }, 'mail sent');
      return;
    }
    await mkdir(config.mailDir, { recursive: true });
    const file = path.join(config.mailDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message);
    log.info({ to: message.to, subject: message.subject, file, links }, 'mail written');
  }

  return {
    /** Where messages go: an SMTP server, or (none set) only the mail folder — nothing leaves the machine. */
    delivery: (config.smtpUrl ? 'smtp' : 'mail_folder') as 'smtp' | 'mail_folder',
    send(message: MailMessage): void {
      const job = deliver(message)
        .catch((err: unknown) => log.error({ err, to: message.to, subject: message.subject }, 'mail failed'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    /** Sends now and resolves once the message is delivered (or written); rejects when it is not. */
    sendNow: (message: MailMessage): Promise<void> => deliver(message),
    async drain(): Promise<void> {
      while (pending.size) await Promise.all(pending);
    },
    close: () => transport.close(),
  };
}

export type Mailer = ReturnType<typeof createMailer>;

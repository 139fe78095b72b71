import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEml } from './helpers/mail';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();
let smtp: SMTPServer | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  smtp = undefined;
});

/** A real SMTP peer on a free port that keeps what it receives. */
async function startSmtp(): Promise<{ url: string; received: { from: string; to: string[]; raw: string }[] }> {
  const received: { from: string; to: string[]; raw: string }[] = [];
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8').replace(/\r\n/g, '\n'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received };
}

describe('mail', () => {
  it('goes out over SMTP when SMTP_URL is set', async () => {
    const peer = await startSmtp();
    const app = await server().buildApp({ SMTP_URL: peer.url, MAIL_FROM: 'Show office <office@paddock.test>' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/user/magicLink/',
      payload: { email: 'simpleuser@paddock.demo' },
    });
    expect(res.statusCode).toBe(200);
    await app.mailer.drain();
    expect(peer.received).toHaveLength(1);
    expect(peer.received[0]).toMatchObject({ from: 'office@paddock.test', to: ['simpleuser@paddock.demo'] });
    const mail = parseEml(peer.received[0]!.raw);
    expect(mail.subject).toBe('Paddock: Twój link do logowania');
    expect(mail.links[0]).toMatch(/^http:\/\/paddock\.test\/magic-login\?token=/);
    expect(await server().mails()).toEqual([]);
    // The pool's connection stays open until closed; the peer would wait 30 s for it to go.
    app.mailer.close();
  });

  it('does not fail the request when the SMTP server is away', async () => {
    const peer = await startSmtp();
    await new Promise<void>((resolve) => smtp!.close(() => resolve()));
    smtp = undefined;
    const app = await server().buildApp({ SMTP_URL: peer.url });
    const res = await app.inject({ method: 'POST', url: '/_passwordReset/', payload: { email: 'rider@paddock.demo' } });
    expect(res.statusCode).toBe(200);
    await expect(app.mailer.drain()).resolves.toBeUndefined();
  });
});

import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export interface ReceivedMail {
  /** The envelope's recipients. */
  to: string[];
  /** The message as sent (CRLF turned into LF). */
  raw: string;
}

/**
 * A real SMTP peer for the file (smtp-server on a port of its own): every message it accepts is
 * kept in `received`; `failFor(address)` makes it refuse that recipient (null: none).
 */
export function useSmtpPeer(basePort: number) {
  const received: ReceivedMail[] = [];
  let refused: string | null = null;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, done) {
      if (address.address === refused) return done(new Error('mailbox unavailable'));
      done();
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString().replace(/\r\n/g, '\n');
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  const port = basePort + (process.pid % 2000);
  beforeAll(() => new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve)));
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failFor(address: string | null) {
      refused = address;
    },
  };
}

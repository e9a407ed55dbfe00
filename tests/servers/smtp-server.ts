import { SMTPServer } from 'smtp-server';
import { decodeQuotedPrintable } from './app-harness.js';

/** One message the local SMTP server took: its envelope and its text, quoted-printable undone. */
export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps what it receives. */
export interface SmtpStandIn {
  /** `smtp://127.0.0.1:<port>`, for `SMTP_URL`. */
  url: string;
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * Starts the SMTP stand-in on a free port. Recipients at `@refused.test` are refused with a
 * 550, as a real server refuses an unknown mailbox.
 */
export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@refused.test')) callback(new Error('550 no such mailbox'));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

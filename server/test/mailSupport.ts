import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the local SMTP server received it: envelope, headers and the decoded text. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The body, quoted-printable decoded. */
  text: string;
  header(name: string): string | undefined;
}

function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function parse(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const quoted = /quoted-printable/i.test(headers.get('content-transfer-encoding') ?? '');
  return {
    to,
    raw,
    subject: headers.get('subject') ?? '',
    text: quoted ? decodeQuotedPrintable(body) : body,
    header: (name) => headers.get(name.toLowerCase()),
  };
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives (tests read it; nothing is mocked). */
export async function startMailServer() {
  const received: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 451 }));
          return;
        }
        received.push(parse(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Answer every mail with a temporary failure until set back. */
    refuse(on: boolean) {
      refusing = on;
    },
    to: (address: string) => received.filter((mail) => mail.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

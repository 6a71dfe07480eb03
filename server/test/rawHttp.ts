import net from 'node:net';

/** What came back on one raw connection. */
export interface RawAnswer {
  /** Status of the first response, when one arrived. */
  status?: number;
  headers: Record<string, string>;
  body: string;
  /** A whole response was read, the server closed the connection, or the deadline passed first. */
  end: 'answered' | 'closed' | 'deadline';
  /** Milliseconds from connecting to `end`. */
  ms: number;
  /** Every byte received, as latin1 text (pipelined answers after the first one included). */
  received: string;
}

export interface RawPlan {
  /** Bytes written as soon as the connection is open (several buffers: one after the other). */
  send?: Buffer | string | readonly Buffer[];
  /** Then one byte of these (over and over) every `everyMs`, until the exchange ends. */
  trickle?: { bytes: Buffer | string; everyMs: number };
  /** The exchange ends as `deadline` after this long; the connection is then closed by us. */
  deadlineMs: number;
  /** After a whole response, keep the connection and wait for the server to close it. */
  waitForClose?: boolean;
}

interface ParsedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  complete: boolean;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** Reads the first HTTP/1.1 response in `data`, as far as it has arrived. */
function parseResponse(data: Buffer): ParsedResponse | undefined {
  let start = 0;
  for (;;) {
    const headEnd = data.indexOf(HEAD_END, start);
    if (headEnd < 0) return undefined;
    const [statusLine, ...lines] = data.subarray(start, headEnd).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const bodyStart = headEnd + HEAD_END.length;
    if (status === 100) {
      start = bodyStart; // an interim answer; the real one follows
      continue;
    }
    const rest = data.subarray(bodyStart);
    if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      return { status, headers, body: rest.subarray(0, length).toString('utf8'), complete: rest.length >= length };
    }
    if (headers['transfer-encoding'] === 'chunked') {
      return { status, headers, body: rest.toString('utf8'), complete: /(^|\r\n)0\r\n\r\n/.test(rest.toString('latin1')) };
    }
    const bodiless = status === 204 || status === 304;
    return { status, headers, body: rest.toString('utf8'), complete: bodiless };
  }
}

/**
 * One HTTP/1.1 exchange written byte for byte on a fresh TCP connection, for what `inject` cannot
 * do: unfinished and trickled requests, odd methods, time limits. Always ends, and always closes
 * its connection and timers.
 */
export function rawExchange(port: number, plan: RawPlan): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect({ port, host: '127.0.0.1' });
    let data = Buffer.alloc(0);
    let settled = false;
    let trickleTimer: NodeJS.Timeout | undefined;
    let trickled = 0;

    const finish = (end: RawAnswer['end']) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearInterval(trickleTimer);
      socket.destroy();
      const parsed = parseResponse(data);
      resolve({
        status: parsed?.status,
        headers: parsed?.headers ?? {},
        body: parsed?.body ?? data.toString('utf8'),
        end,
        ms: Date.now() - started,
        received: data.toString('latin1'),
      });
    };
    const deadline = setTimeout(() => finish('deadline'), plan.deadlineMs);

    socket.on('connect', () => {
      const parts = plan.send === undefined ? [] : typeof plan.send === 'string' || Buffer.isBuffer(plan.send) ? [plan.send] : plan.send;
      for (const part of parts) if (part.length > 0) socket.write(part);
      const trickle = plan.trickle;
      if (trickle && trickle.bytes.length > 0) {
        const bytes = Buffer.from(trickle.bytes);
        trickleTimer = setInterval(() => {
          if (socket.writable) socket.write(bytes.subarray(trickled % bytes.length, (trickled % bytes.length) + 1));
          trickled += 1;
        }, trickle.everyMs);
      }
    });
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      if (!plan.waitForClose && parseResponse(data)?.complete) finish('answered');
    });
    socket.on('end', () => finish('closed'));
    socket.on('close', () => finish('closed'));
    // A reset while writing to a connection the server has closed is an answer too: closed.
    socket.on('error', () => finish('closed'));
  });
}

/** Request head bytes: `METHOD url HTTP/1.1` and the headers, ending with the blank line. */
export function requestHead(method: string, url: string, headers: Record<string, string | number> = {}): string {
  const lines = [`${method} ${url} HTTP/1.1`, 'host: 127.0.0.1'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

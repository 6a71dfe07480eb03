import type { EventStreamService, ServerEvent } from '../app/services';

/** The stream could not be opened: `status` is the API's answer, when one came. */
export class EventStreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'EventStreamError';
  }
}

interface ParserCallbacks {
  onEvent(event: ServerEvent): void;
  /** The server's advice on how long to wait before reconnecting (`retry:`), in ms. */
  onRetry?(ms: number): void;
}

/**
 * A `text/event-stream` body read piece by piece (the HTML standard's parsing rules): `id:`,
 * `event:` and `data:` fields (several data lines are joined by newlines), a blank line ends an
 * event, lines starting with `:` are comments (the server's pings). Lines may end in LF, CR or
 * CRLF, and a piece may end in the middle of a line.
 */
export function createEventStreamParser({ onEvent, onRetry }: ParserCallbacks) {
  let buffer = '';
  let id: string | null = null;
  let type = '';
  let data: string[] = [];
  let dataSeen = false;

  const dispatch = () => {
    if (dataSeen) onEvent({ id, event: type || 'message', data: data.join('\n') });
    type = '';
    data = [];
    dataSeen = false;
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'id':
        // The last id carries over to later events, as EventSource's does.
        if (!value.includes('\0')) id = value;
        break;
      case 'event':
        type = value;
        break;
      case 'data':
        data.push(value);
        dataSeen = true;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) onRetry?.(Number(value));
        break;
    }
  };

  return {
    feed(chunk: string): void {
      buffer += chunk;
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        if (end === -1) break;
        // A CR at the very end may be the first half of a CRLF: wait for the next piece.
        if (buffer[end] === '\r' && end === buffer.length - 1) break;
        const breakLength = buffer.startsWith('\r\n', end) ? 2 : 1;
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + breakLength);
      }
    },
  };
}

/**
 * The API's live events (`GET {apiUrl}/events`), read with fetch so the access token travels in
 * the `authorization` header, never in the URL (EventSource cannot send headers).
 */
export function createEventStreamService(apiUrl: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): EventStreamService {
  return {
    async connect({ token, lastEventId, signal, onOpen, onEvent, onRetry }) {
      const headers: Record<string, string> = { authorization: `bearer ${token}`, accept: 'text/event-stream' };
      if (lastEventId) headers['last-event-id'] = lastEventId;
      const response = await fetchImpl(`${apiUrl}/events`, { headers, signal, cache: 'no-store' });
      if (!response.ok || !response.body) {
        throw new EventStreamError(`the event stream answered ${response.status}`, response.status);
      }
      onOpen();
      const parser = createEventStreamParser({ onEvent, onRetry });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          parser.feed(value);
        }
      } finally {
        reader.releaseLock();
      }
    },
  };
}

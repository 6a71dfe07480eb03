import { http, HttpResponse } from 'msw';
import type { ServerEvent } from '../app/services';
import { API, server } from '../testing/server';
import { createEventStreamParser, createEventStreamService, EventStreamError } from './eventStream';

describe('event stream parser', () => {
  it('reads id, event and data lines, ends an event at a blank line, skips comments, joins data lines', () => {
    const events: ServerEvent[] = [];
    const retries: number[] = [];
    const parser = createEventStreamParser({ onEvent: (event) => events.push(event), onRetry: (ms) => retries.push(ms) });
    parser.feed('retry: 3000\n\n: ping\n\nid: 7\nevent: notification\ndata: {"a":1}\n\n');
    parser.feed('id: 8\r\nevent: notification\r\ndata: line one\r\ndata:line two\r\n\r\n');
    // No data: no event. An event without `event:` is a message; the last id carries over.
    parser.feed('event: notification\n\ndata: x\n\n');
    expect(events).toEqual([
      { id: '7', event: 'notification', data: '{"a":1}' },
      { id: '8', event: 'notification', data: 'line one\nline two' },
      { id: '8', event: 'message', data: 'x' },
    ]);
    expect(retries).toEqual([3000]);
  });

  it('waits for the rest of a line split across pieces, a CRLF split in two included', () => {
    const events: ServerEvent[] = [];
    const parser = createEventStreamParser({ onEvent: (event) => events.push(event) });
    for (const piece of ['id: 1', '2\r', '\nevent: noti', 'fication\ndata: {"b"', ':2}\r', '\n', '\r\n']) parser.feed(piece);
    expect(events).toEqual([{ id: '12', event: 'notification', data: '{"b":2}' }]);
  });
});

describe('event stream service', () => {
  it('GETs {api}/events with the token in the authorization header (never the URL) and Last-Event-ID, and reads the body as it comes', async () => {
    let seen: { url: string; authorization: string | null; lastEventId: string | null } | undefined;
    server.use(
      http.get(`${API}/events`, ({ request }) => {
        seen = { url: request.url, authorization: request.headers.get('authorization'), lastEventId: request.headers.get('last-event-id') };
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode('retry: 3000\n\nid: 41\nevent: notif'));
            controller.enqueue(encoder.encode('ication\ndata: {"_id":"41"}\n\n: ping\n\n'));
            controller.close();
          },
        });
        return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    const events: ServerEvent[] = [];
    const onOpen = jest.fn();
    await createEventStreamService(API).connect({
      token: 't0k',
      lastEventId: '40',
      signal: new AbortController().signal,
      onOpen,
      onEvent: (event) => events.push(event),
    });
    expect(seen).toEqual({ url: `${API}/events`, authorization: 'bearer t0k', lastEventId: '40' });
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(events).toEqual([{ id: '41', event: 'notification', data: '{"_id":"41"}' }]);
  });

  it('rejects with the status when the API refuses the stream', async () => {
    server.use(http.get(`${API}/events`, () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })));
    const connecting = createEventStreamService(API).connect({
      token: 'old',
      lastEventId: null,
      signal: new AbortController().signal,
      onOpen: jest.fn(),
      onEvent: jest.fn(),
    });
    await expect(connecting).rejects.toEqual(new EventStreamError('the event stream answered 401', 401));
    await expect(connecting).rejects.toMatchObject({ status: 401 });
  });
});

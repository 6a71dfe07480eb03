import type * as timers from 'timers';
import { render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import configureStore from 'redux-mock-store';
import { setupStore, type RootState } from '../../app/store';
import { createFakeServices } from '../../testing/fakeServices';
import { signedInState } from '../../testing/renderWithProviders';
import { trackStore } from '../../testing/storeRegistry';
import { signedOut } from '../auth/authSlice';
import { threadOffScreen, threadOnScreen } from './messageEvents';
import { messagesApi } from './messagesApi';
import { aMessage, aThread, READER, serveMessages, tokenFor } from './testSupport';
import { useThreadOnScreen } from './useThreadOnScreen';

/** The stream's and the flows' code come in a chunk of their own: let it arrive. */
const { setImmediate: realSetImmediate } = jest.requireActual<typeof timers>('timers');
const settle = () => new Promise<void>((resolve) => realSetImmediate(resolve));

async function start() {
  localStorage.setItem('accessToken', tokenFor(READER._id));
  const services = createFakeServices();
  const store = trackStore(setupStore(services, signedInState()));
  await settle();
  return { services, store, events: services.events };
}

const send = (events: Awaited<ReturnType<typeof start>>['events'], id: string, data: unknown, event = 'message') =>
  events.current().send({ id, event, data: typeof data === 'string' ? data : JSON.stringify(data) });

describe('live messages', () => {
  it('join their thread once, however often they come; what is not a message is left alone', async () => {
    serveMessages([aThread()], { messages: { t1: [aMessage()] } });
    const { store, events } = await start();
    const list = store.dispatch(messagesApi.endpoints.getThreadMessages.initiate('t1'));
    await list;
    events.current().open();

    send(events, '101', aMessage({ _id: '101', text: 'one' }));
    send(events, '101', aMessage({ _id: '101', text: 'one' }));
    send(events, '102', '{not json');
    send(events, '103', { _id: '103', text: 'no thread' });
    await settle();

    const rows = messagesApi.endpoints.getThreadMessages.select('t1')(store.getState()).data?.pages[0].rows.map((row) => row._id);
    expect(rows).toEqual(['101', '100']);
    list.unsubscribe();
    store.dispatch(signedOut());
  });

  it('resume after the last message as after the last notification: messages and notifications share the ids', async () => {
    serveMessages([aThread()]);
    const { store, events } = await start();
    events.current().open();
    send(events, '7', aMessage({ _id: '7' }));
    events.current().end();
    await waitFor(() => expect(events.connections).toHaveLength(2), { timeout: 5000 });
    expect(events.current().lastEventId).toBe('7');
    store.dispatch(signedOut());
  });

  it('one from the other side: counted unread off screen (the total asked again), read at once on screen', async () => {
    const { calls } = serveMessages([aThread({ _id: 't1' }), aThread({ _id: 't2' })]);
    const { store, events } = await start();
    const count = store.dispatch(messagesApi.endpoints.getUnreadMessages.initiate());
    const thread = store.dispatch(messagesApi.endpoints.getThread.initiate('t1'));
    await thread;
    await count;
    events.current().open();
    const totals = () => calls.filter((call) => call.path === '/threads').length;

    send(events, '101', aMessage({ _id: '101' }));
    await waitFor(() => expect(totals()).toBe(2));
    expect(messagesApi.endpoints.getThread.select('t1')(store.getState()).data?.unread).toBe(1);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    store.dispatch(threadOnScreen('t1'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/threads/t1/read']));
    await waitFor(() => expect(messagesApi.endpoints.getThread.select('t1')(store.getState()).data?.unread).toBe(0));

    send(events, '102', aMessage({ _id: '102' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    expect(messagesApi.endpoints.getThread.select('t1')(store.getState()).data?.unread).toBe(0);

    store.dispatch(threadOffScreen('t1'));
    send(events, '103', aMessage({ _id: '103' }));
    await waitFor(() => expect(messagesApi.endpoints.getThread.select('t1')(store.getState()).data?.unread).toBe(1));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
    thread.unsubscribe();
    count.unsubscribe();
    store.dispatch(signedOut());
  });
});

describe('a thread on screen', () => {
  const mockStore = configureStore<Partial<RootState>>([]);
  function Shown({ id }: { id: string }) {
    useThreadOnScreen(id, true);
    return null;
  }
  const visibility = (state: DocumentVisibilityState) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    document.dispatchEvent(new Event('visibilitychange'));
  };
  afterEach(() => visibility('visible'));

  it('says so while the page is visible, and not once it is hidden or left', () => {
    const store = mockStore({});
    const { unmount } = render(
      <Provider store={store}>
        <Shown id="t1" />
      </Provider>,
    );
    visibility('hidden');
    visibility('visible');
    unmount();
    expect(store.getActions()).toEqual([threadOnScreen('t1'), threadOffScreen('t1'), threadOnScreen('t1'), threadOffScreen('t1')]);
  });
});

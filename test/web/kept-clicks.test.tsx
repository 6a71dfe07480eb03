import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useRef, useState } from 'react';
import { KEPT_CLICKS_SCRIPT } from '../../scripts/web/kept-clicks.mjs';
import { authStateChanged } from '../../src/features/auth/authSlice';
import { BookCard } from '../../src/features/catalogue/BookCard';
import { dune } from '../../src/features/catalogue/testBooks';
import { aFavourite, serveFavourites } from '../../src/features/favourites/testSupport';
import { useKeptClick } from '../../src/lib/keptClicks';
import { testUser } from '../../src/testing/fakeServices';
import { renderWithProviders, signedInState, signedOutState } from '../../src/testing/renderWithProviders';
import { API, server } from '../../src/testing/server';

// The clicks made on a server-rendered page before the app is live: the page's inline script
// (scripts/web/kept-clicks.mjs) keeps them, and the control carries them out once it is ready
// (src/lib/keptClicks.ts). Both halves run here, as the browser runs them.

/** Runs the page's inline script as the page does, first; gives back a way to take its listener off. */
function runPageScript() {
  const added: Array<[string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined]> = [];
  const addEventListener = document.addEventListener.bind(document);
  const spy = jest.spyOn(document, 'addEventListener').mockImplementation((type, listener, options) => {
    added.push([type, listener, options]);
    addEventListener(type, listener, options);
  });
  new Function(KEPT_CLICKS_SCRIPT)();
  spy.mockRestore();
  return () => added.forEach(([type, listener, options]) => document.removeEventListener(type, listener, options));
}

let removePageScript: () => void = () => undefined;
beforeEach(() => {
  removePageScript = runPageScript();
});
afterEach(() => {
  removePageScript();
  delete window.__keptClicks;
});

describe("the page's inline script", () => {
  it("keeps a click on a control that is not ready, with what it showed, and stops it before the app's handlers", () => {
    const onClick = jest.fn();
    render(
      <div onClick={onClick}>
        <button type="button" data-keep-click="favourite:b1" aria-pressed="false">
          <svg>
            <path d="M0 0" />
          </svg>
        </button>
        <button type="button">Other</button>
      </div>,
    );
    const heart = screen.getByRole('button', { pressed: false });
    // A click lands on the icon inside the button.
    fireEvent.click(heart.querySelector('path')!);
    expect(window.__keptClicks).toEqual([{ key: 'favourite:b1', pressed: 'false' }]);
    expect(heart).toHaveAttribute('aria-busy', 'true');
    expect(onClick).not.toHaveBeenCalled();

    // A control without the mark is the app's as usual.
    fireEvent.click(screen.getByRole('button', { name: 'Other' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(window.__keptClicks).toHaveLength(1);
  });

  it('takes a kept click on a toggle back on a second click; any other control keeps one click', () => {
    render(
      <>
        <button type="button" data-keep-click="favourite:b1" aria-pressed="false">
          Heart
        </button>
        <button type="button" data-keep-click="notify:b1">
          Notify
        </button>
      </>,
    );
    const heart = screen.getByRole('button', { name: 'Heart' });
    fireEvent.click(heart);
    fireEvent.click(heart);
    expect(window.__keptClicks).toEqual([]);
    expect(heart).not.toHaveAttribute('aria-busy');

    const notify = screen.getByRole('button', { name: 'Notify' });
    fireEvent.click(notify);
    fireEvent.click(notify);
    expect(window.__keptClicks).toEqual([{ key: 'notify:b1', pressed: null }]);
  });

  it("keeps a double click on a toggle as one click", () => {
    render(
      <button type="button" data-keep-click="favourite:b1" aria-pressed="false">
        Heart
      </button>,
    );
    const heart = screen.getByRole('button', { name: 'Heart' });
    fireEvent.click(heart, { detail: 1 });
    fireEvent.click(heart, { detail: 2 });
    expect(window.__keptClicks).toEqual([{ key: 'favourite:b1', pressed: 'false' }]);
    expect(heart).toHaveAttribute('aria-busy', 'true');
  });
});

function Toggle({ ready, pressedOnceReady, onCarryOut }: { ready: boolean; pressedOnceReady: boolean; onCarryOut: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const { mark, onClick } = useKeptClick('favourite:b1', ready, button, onCarryOut);
  return (
    <button type="button" ref={button} {...mark} aria-pressed={ready ? pressedOnceReady : false} onClick={onClick}>
      Heart
    </button>
  );
}

function Harness({ pressedOnceReady, onCarryOut }: { pressedOnceReady: boolean; onCarryOut: () => void }) {
  const [ready, setReady] = useState(false);
  return (
    <>
      <Toggle ready={ready} pressedOnceReady={pressedOnceReady} onCarryOut={onCarryOut} />
      <button type="button" onClick={() => setReady(true)}>
        Ready
      </button>
    </>
  );
}

describe('useKeptClick', () => {
  it('marks the control until it is ready, then carries out the click kept before, once', () => {
    const carryOut = jest.fn();
    render(<Harness pressedOnceReady={false} onCarryOut={carryOut} />);
    const heart = screen.getByRole('button', { name: 'Heart' });
    expect(heart).toHaveAttribute('data-keep-click', 'favourite:b1');
    fireEvent.click(heart);
    expect(carryOut).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Ready' }));
    expect(carryOut).toHaveBeenCalledTimes(1);
    expect(heart).not.toHaveAttribute('data-keep-click');
    expect(heart).not.toHaveAttribute('aria-busy');
    expect(window.__keptClicks).toEqual([]);

    // From now on a click is the control's own.
    fireEvent.click(heart);
    expect(carryOut).toHaveBeenCalledTimes(2);
  });

  it('leaves a toggle that, once ready, already shows what the click asked for', () => {
    const carryOut = jest.fn();
    render(<Harness pressedOnceReady onCarryOut={carryOut} />);
    fireEvent.click(screen.getByRole('button', { name: 'Heart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ready' }));
    expect(carryOut).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Heart' })).not.toHaveAttribute('aria-busy');
  });

  it('drops the click kept for a control that goes before it is ready: the next one of that key was not clicked', () => {
    const carryOut = jest.fn();
    const { unmount } = render(<Harness pressedOnceReady={false} onCarryOut={carryOut} />);
    fireEvent.click(screen.getByRole('button', { name: 'Heart' }));
    unmount();
    expect(window.__keptClicks).toEqual([]);

    render(<Harness pressedOnceReady={false} onCarryOut={carryOut} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ready' }));
    expect(carryOut).not.toHaveBeenCalled();
  });

  it('carries nothing out when nothing was kept', () => {
    const carryOut = jest.fn();
    render(<Harness pressedOnceReady={false} onCarryOut={carryOut} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ready' }));
    expect(carryOut).not.toHaveBeenCalled();
  });
});

describe('the heart on a book, before the session is known', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 't0k');
    // The session the identity provider restores: its API token, then its roles.
    server.use(
      http.get(`${API}/jwt`, () => HttpResponse.json({ accessToken: 't0k' })),
      http.get(`${API}/users/:role/:email`, () => HttpResponse.json({ isAdmin: false, isSeller: false })),
    );
  });

  it('keeps its click while the session loads, and saves the book once the buyer is known', async () => {
    const { calls } = serveFavourites([]);
    const loading = signedInState();
    const { store, services } = renderWithProviders(<BookCard book={dune} onBook={jest.fn()} />, {
      preloadedState: { ...loading, auth: { ...loading.auth!, user: null, status: 'loading' } },
    });
    const heart = screen.getByRole('button', { name: 'Save to favourites' });
    fireEvent.click(heart);
    expect(heart).toHaveAttribute('aria-busy', 'true');
    expect(calls).toEqual([]);

    // The identity provider restores the buyer.
    act(() => {
      services.auth.emit(testUser);
      store.dispatch(authStateChanged(testUser));
    });
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT' && call.path === '/favourites/b1')).toBe(true));
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).not.toHaveAttribute('aria-busy');
  });

  it('leaves a book the buyer had saved already: the click asked for it saved, and it is', async () => {
    const { calls } = serveFavourites([aFavourite({ bookId: 'b1' })]);
    const loading = signedInState();
    const { store, services } = renderWithProviders(<BookCard book={dune} onBook={jest.fn()} />, {
      preloadedState: { ...loading, auth: { ...loading.auth!, user: null, status: 'loading' } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save to favourites' }));

    act(() => {
      services.auth.emit(testUser);
      store.dispatch(authStateChanged(testUser));
    });
    const heart = await screen.findByRole('button', { name: 'Remove from favourites' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(heart).not.toHaveAttribute('aria-busy'));
    expect(calls.map((call) => call.method)).toEqual(['GET']);
  });

  it("keeps a click made while the session changes (a visitor signs in in another tab) until the buyer's favourites are in", async () => {
    const { calls, release } = serveFavourites([], { holdList: true });
    const { store, services } = renderWithProviders(<BookCard book={dune} onBook={jest.fn()} />, { preloadedState: signedOutState() });
    act(() => {
      services.auth.emit(testUser);
      store.dispatch(authStateChanged(testUser));
    });
    await waitFor(() => expect(calls.map((call) => call.method)).toEqual(['GET']));
    const heart = screen.getByRole('button', { name: 'Save to favourites' });
    fireEvent.click(heart);
    expect(heart).toHaveAttribute('aria-busy', 'true');

    release();
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT' && call.path === '/favourites/b1')).toBe(true));
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(heart).not.toHaveAttribute('aria-busy');
  });
});

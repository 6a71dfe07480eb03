import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, MemoryRouter, Navigate, Route, Routes } from 'react-router-dom';
import { appStarted } from '../features/auth/authSlice';
import { renderWithProviders } from '../testing/renderWithProviders';
import { ANNOUNCER_ID, RouteAnnouncer, titleFor } from './RouteAnnouncer';
import { AppRoutes } from './router';
import type { RootState } from './store';

const announcer = () => document.getElementById(ANNOUNCER_ID);

/** A page whose heading shows only after its data, as a lazy page's does. */
function SlowPage() {
  const [ready, setReady] = useState(false);
  return ready ? (
    <h1>My Orders</h1>
  ) : (
    <button type="button" onClick={() => setReady(true)}>
      finish loading
    </button>
  );
}

function renderRoutes() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <main>
        <Routes>
          <Route
            path="/"
            element={
              <>
                <h1>Book Resale</h1>
                <Link to="/blog">to blog</Link>
                <Link to="/slow">to slow</Link>
              </>
            }
          />
          <Route path="/blog" element={<h1>Blog</h1>} />
          <Route path="/slow" element={<SlowPage />} />
        </Routes>
      </main>
      <RouteAnnouncer />
    </MemoryRouter>,
  );
}

describe('RouteAnnouncer', () => {
  it('titles the document after the page heading, the brand alone at home', () => {
    expect(titleFor('Book Resale')).toBe('Book Resale');
    expect(titleFor('  My   Orders ')).toBe('My Orders · Book Resale');
    renderRoutes();
    expect(document.title).toBe('Book Resale');
  });

  it('leaves the focus alone on the first page and announces nothing', () => {
    renderRoutes();
    expect(document.body).toHaveFocus();
    expect(announcer()).toHaveTextContent('');
  });

  it('after a navigation focuses the new heading, announces it and retitles the page', async () => {
    renderRoutes();
    await userEvent.click(screen.getByRole('link', { name: 'to blog' }));
    const heading = screen.getByRole('heading', { name: 'Blog' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(announcer()).toHaveTextContent('Blog');
    expect(document.title).toBe('Blog · Book Resale');
  });

  it('waits for a page that draws its heading later', async () => {
    renderRoutes();
    await userEvent.click(screen.getByRole('link', { name: 'to slow' }));
    expect(announcer()).toHaveTextContent('');
    await userEvent.click(screen.getByRole('button', { name: 'finish loading' }));
    // The observer reports after the DOM change.
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByRole('heading', { name: 'My Orders' })).toHaveFocus();
    expect(announcer()).toHaveTextContent('My Orders');
    expect(document.title).toBe('My Orders · Book Resale');
  });
});

describe('RouteAnnouncer when the first load redirects', () => {
  it('focuses and announces the heading of the page a first-render redirect leads to (a section to its default page)', async () => {
    render(
      <MemoryRouter initialEntries={['/section']}>
        <main>
          <Routes>
            <Route path="/section" element={<Navigate to="/section/first" replace />} />
            <Route path="/section/first" element={<h1>First page</h1>} />
          </Routes>
        </main>
        <RouteAnnouncer />
      </MemoryRouter>,
    );
    const heading = await screen.findByRole('heading', { name: 'First page' });
    expect(heading).toHaveFocus();
    expect(announcer()).toHaveTextContent('First page');
    expect(document.title).toBe('First page · Book Resale');
  });

  it('focuses and announces the log-in form after a guarded page, loaded first, finds no one signed in', async () => {
    const loading: Partial<RootState> = {
      auth: { user: null, status: 'loading', flowPending: false, error: null, awaitingConfirmation: null },
      role: { isAdmin: false, isSeller: false, loading: true, error: null },
    };
    const { store, services, router } = renderWithProviders(
      <>
        <AppRoutes />
        <RouteAnnouncer />
      </>,
      { route: '/dashboard/myproducts', preloadedState: loading },
    );
    // The guard waits for the identity SDK with its progress bar; then it answers: nobody.
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    act(() => {
      store.dispatch(appStarted());
    });
    await act(async () => services.auth.emit(null));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(heading).toHaveFocus());
    expect(announcer()).toHaveTextContent('Log In');
    expect(document.title).toBe('Log In · Book Resale');
  });
});

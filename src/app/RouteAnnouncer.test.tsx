import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { ANNOUNCER_ID, RouteAnnouncer, titleFor } from './RouteAnnouncer';

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

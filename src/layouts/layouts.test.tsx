import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { authStateChanged } from '../features/auth/authSlice';
import { renderWithProviders, signedInState, signedOutState } from '../testing/renderWithProviders';
import { DashboardLayout } from './DashboardLayout';
import { PublicLayout } from './PublicLayout';

const menuOf = () =>
  within(screen.getByRole('navigation', { name: 'dashboard' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

function renderDashboard(roles: { isAdmin?: boolean; isSeller?: boolean }) {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard" element={<DashboardLayout />} />
    </Routes>,
    { preloadedState: signedInState(roles), route: '/dashboard' },
  );
}

describe('dashboard side menu', () => {
  it('always shows My Orders, and Messages, Favourites, Wanted, Bundles and Offers to anyone signed in', () => {
    renderDashboard({});
    expect(menuOf()).toEqual([
      ['My Orders', '/dashboard'],
      ['Messages', '/dashboard/messages'],
      ['Favourites', '/dashboard/favourites'],
      ['Wanted', '/dashboard/wanted'],
      ['Bundles', '/dashboard/bundles'],
      ['Offers', '/dashboard/offers'],
    ]);
  });

  it('shows My Orders alone while nobody is known to be signed in', () => {
    renderWithProviders(
      <Routes>
        <Route path="/dashboard" element={<DashboardLayout />} />
      </Routes>,
      { preloadedState: signedOutState(), route: '/dashboard' },
    );
    expect(menuOf()).toEqual([['My Orders', '/dashboard']]);
  });

  it('adds All seller, All Buyer, Disputes, Payouts, Reports and Insight for an admin', () => {
    renderDashboard({ isAdmin: true });
    expect(menuOf()).toEqual([
      ['My Orders', '/dashboard'],
      ['Messages', '/dashboard/messages'],
      ['Favourites', '/dashboard/favourites'],
      ['Wanted', '/dashboard/wanted'],
      ['Bundles', '/dashboard/bundles'],
      ['Offers', '/dashboard/offers'],
      ['All seller', '/dashboard/allseller'],
      ['All Buyer', '/dashboard/allbuyer'],
      ['Disputes', '/dashboard/disputes'],
      ['Payouts', '/dashboard/payouts'],
      ['Reports', '/dashboard/reports'],
      ['Insight', '/dashboard/insight'],
    ]);
  });

  it('adds Add Product, My Products, Inventory, My Buyer, My Earnings, Stats and Bundle shipping and discounts for a seller', () => {
    renderDashboard({ isSeller: true });
    expect(menuOf()).toEqual([
      ['My Orders', '/dashboard'],
      ['Messages', '/dashboard/messages'],
      ['Favourites', '/dashboard/favourites'],
      ['Wanted', '/dashboard/wanted'],
      ['Bundles', '/dashboard/bundles'],
      ['Offers', '/dashboard/offers'],
      ['Add Product', '/dashboard/addproducts'],
      ['My Products', '/dashboard/myproducts'],
      ['Inventory', '/dashboard/inventory'],
      ['My Buyer', '/dashboard/mybuyer'],
      ['My Earnings', '/dashboard/earnings'],
      ['Stats', '/dashboard/stats'],
      ['Bundle shipping and discounts', '/dashboard/shop-policy'],
    ]);
  });
});

describe('dashboard side menu: where you are', () => {
  it('marks the current page\'s item, and only that one', () => {
    renderDashboard({ isSeller: true });
    const menu = screen.getByRole('navigation', { name: 'dashboard' });
    expect(within(menu).getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'My Products' })).not.toHaveAttribute('aria-current');
  });

  it('puts each link in a list item, so the list holds only items', () => {
    renderDashboard({ isAdmin: true });
    const list = within(screen.getByRole('navigation', { name: 'dashboard' })).getByRole('list');
    expect(Array.from(list.children).map((child) => child.tagName)).toEqual(Array(12).fill('LI'));
  });

  it('starts with a skip link to the main region', async () => {
    renderDashboard({});
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });
});

describe('public layout', () => {
  const renderPublic = (preloadedState: Parameters<typeof renderWithProviders>[1]) =>
    renderWithProviders(
      <Routes>
        <Route path="/" element={<PublicLayout />} />
      </Routes>,
      preloadedState,
    );

  it('signed out: logo, name, Home, Blog and Log In; footer with 2022 and three social icons', () => {
    renderPublic({ preloadedState: signedOutState() });
    const nav = screen.getByRole('navigation', { name: 'main' });
    expect(within(nav).getByText('Book Resale')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    expect(within(nav).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(within(nav).queryByRole('link', { name: 'DashBoard' })).not.toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('2022');
    expect(footer).toHaveTextContent('providing since 2000');
    // The social icons lead nowhere: named pictures, not controls that do nothing.
    expect(within(footer).getAllByRole('img').map((icon) => icon.getAttribute('aria-label'))).toEqual(['Twitter', 'YouTube', 'Facebook']);
    expect(within(footer).queryAllByRole('button')).toHaveLength(0);
    expect(within(footer).queryAllByRole('link')).toHaveLength(0);
  });

  it('signed in: DashBoard and Sign Out, which signs out', async () => {
    const { services, store } = renderPublic({ preloadedState: signedInState() });
    const nav = screen.getByRole('navigation', { name: 'main' });
    expect(within(nav).getByRole('link', { name: 'DashBoard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Sign Out' }));
    expect(services.auth.signOut).toHaveBeenCalled();
    expect(store.getState().auth.status).toBe('signed-out');
  });

  it('while the auth status is unknown shows neither Log In nor Sign Out', () => {
    renderPublic({});
    expect(screen.queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('shows Log In where its room was kept, with the same class: learning the session restyles nothing', () => {
    const { store } = renderPublic({});
    // Hidden, it has no accessible name yet.
    const roomKept = screen.getByText('Log In').closest('a')!;
    const classKept = roomKept.className;
    act(() => {
      store.dispatch(authStateChanged(null));
    });
    expect(screen.getByRole('link', { name: 'Log In' })).toBe(roomKept);
    expect(roomKept.className).toBe(classKept);
  });
});

import { createBrowserRouter, createMemoryRouter, Outlet, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { DashboardLayout } from '../layouts/DashboardLayout';
import { PublicLayout } from '../layouts/PublicLayout';
import { HomePage } from '../features/catalogue/HomePage';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { RequireAdmin, RequireAuth, RequireSeller } from '../features/roles/guards';
import type { AppStore } from './store';

/**
 * Every route but the home page is its own chunk, loaded on demand.
 * Page modules export `Component`, and `makeLoader(store)` when the page's data
 * must be there before it shows.
 */
export function appRoutes(store: AppStore): RouteObject[] {
  const categoryBooks = async () => {
    const page = await import('../features/catalogue/CategoryBooksPage');
    return { Component: page.Component, loader: page.makeLoader(store) };
  };
  return [
    {
      path: paths.home,
      element: <PublicLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, element: <HomePage /> },
        { path: paths.login, lazy: () => import('../features/auth/LoginPage') },
        { path: paths.signup, lazy: () => import('../features/auth/SignupPage') },
        { path: paths.blog, lazy: () => import('../features/blog/BlogPage') },
        {
          element: <RequireAuthOutlet />,
          children: [
            { path: paths.categoryBooksPattern, lazy: categoryBooks },
            { path: paths.allBooks, lazy: categoryBooks },
          ],
        },
      ],
    },
    {
      path: paths.dashboard,
      element: (
        <RequireAuth>
          <DashboardLayout />
        </RequireAuth>
      ),
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, lazy: () => import('../features/bookings/MyOrdersPage') },
        { path: paths.allSeller, element: <RequireAdminOutlet />, children: [{ index: true, lazy: () => import('../features/admin/AllSellerPage') }] },
        { path: paths.allBuyer, element: <RequireAdminOutlet />, children: [{ index: true, lazy: () => import('../features/admin/AllBuyerPage') }] },
        { path: paths.addProducts, element: <RequireSellerOutlet />, children: [{ index: true, lazy: () => import('../features/products/AddProductPage') }] },
        { path: paths.myProducts, element: <RequireSellerOutlet />, children: [{ index: true, lazy: () => import('../features/products/MyProductsPage') }] },
        { path: paths.myBuyer, element: <RequireSellerOutlet />, children: [{ index: true, lazy: () => import('../features/products/MyBuyerPage') }] },
        {
          path: paths.paymentPattern,
          lazy: async () => {
            const page = await import('../features/payment/PaymentPage');
            return { Component: page.Component, loader: page.makeLoader(store) };
          },
        },
      ],
    },
  ];
}

function RequireAuthOutlet() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}
function RequireAdminOutlet() {
  return (
    <RequireAdmin>
      <Outlet />
    </RequireAdmin>
  );
}
function RequireSellerOutlet() {
  return (
    <RequireSeller>
      <Outlet />
    </RequireSeller>
  );
}

export function createAppRouter(store: AppStore) {
  return createBrowserRouter(appRoutes(store));
}

/** For tests: the same routes in memory. */
export function createTestRouter(store: AppStore, initialEntries: string[]) {
  return createMemoryRouter(appRoutes(store), { initialEntries });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

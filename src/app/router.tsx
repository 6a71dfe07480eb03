import { Suspense, useEffect } from 'react';
import { matchPath, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { PageLoading, PageProgress } from '../components/PageProgress';
import { paths } from '../config/paths';
import { HomePage } from '../features/catalogue/HomePage';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { AppNavbar } from '../layouts/AppNavbar';
import { PublicLayout } from '../layouts/PublicLayout';
import { chunkComponent, DataPage, lazyPage, lazyPageInSlices, Page, type ChunkComponent } from './pages';
import { RouteBoundary } from './RouteBoundary';
import { NOT_FOUND } from './routeErrors';
import type { NavigationService } from './services';

/*
 * Declarative routes: the data router's machinery would weigh on the home
 * page's first paint. Every page but the home page is its own chunk; pages
 * whose data must be there first (book list, payment) go through DataPage.
 */
const DashboardLayout = lazyPage(() =>
  import('../layouts/DashboardLayout').then((layout) => ({ Component: layout.DashboardLayout })),
);
// The sign-in forms' library, Formik, runs in a task of its own before the page's modules. A
// slice's chunks must be among those the page's HTML preloads, or the page waits for them:
// e2e/prerendered.spec.ts checks that no other script is asked for before the page is live. (A
// slice of MUI's field parts made webpack split them into chunks of their own, outside that list.)
const AUTH_FORM_SLICES = [() => import(/* webpackExports: ["useFormik"] */ 'formik')];
const LoginPage = lazyPageInSlices(AUTH_FORM_SLICES, () => import(/* webpackChunkName: "page-login" */ '../features/auth/LoginPage'));
const SignupPage = lazyPageInSlices(AUTH_FORM_SLICES, () => import(/* webpackChunkName: "page-signup" */ '../features/auth/SignupPage'));
const BlogPage = lazyPage(() => import(/* webpackChunkName: "page-blog" */ '../features/blog/BlogPage'));
const SearchPage = lazyPage(() => import(/* webpackChunkName: "page-search" */ '../features/search/SearchPage'));
const BookPage = lazyPage(() => import(/* webpackChunkName: "page-book" */ '../features/catalogue/BookPage'));
const SellerPage = lazyPage(() => import(/* webpackChunkName: "page-seller" */ '../features/search/SellerPage'));
// My Orders and My Buyer with each order's timeline and moves (the orders feature's), composed here.
const MyOrdersPage = lazyPage(() => import('./myOrdersPage'));
const AllSellerPage = lazyPage(() => import('../features/admin/AllSellerPage'));
const AllBuyerPage = lazyPage(() => import('../features/admin/AllBuyerPage'));
const AddProductPage = lazyPage(() => import('../features/products/AddProductPage'));
const MyProductsPage = lazyPage(() => import('../features/products/MyProductsPage'));
const MyBuyerPage = lazyPage(() => import('./myBuyerPage'));
const EditProductPage = lazyPage(() => import('../features/products/EditProductPage'));
const FavouritesPage = lazyPage(() => import('../features/favourites/FavouritesPage'));
const WantedPage = lazyPage(() => import('../features/wants/WantedPage'));
// The bundles page with an offer for each bundle (the offers feature's), composed here.
const BundlesPage = lazyPage(() => import('./bundlesPage'));
const ShopPolicyPage = lazyPage(() => import('../features/bundles/ShopPolicyPage'));
const OffersPage = lazyPage(() => import('../features/offers/OffersPage'));
const OfferPage = lazyPage(() => import('../features/offers/OfferPage'));
const InventoryPage = lazyPage(() => import('../features/inventory/InventoryPage'));
const EarningsPage = lazyPage(() => import('../features/earnings/EarningsPage'));
const StatsPage = lazyPage(() => import('../features/insight/StatsPage'));
const InsightPage = lazyPage(() => import('../features/insight/InsightPage'));
// The order page with what other features add to it (its reviews), composed here.
const OrderPage = lazyPage(() => import('./orderPage'));
const DisputesPage = lazyPage(() => import('../features/orders/DisputesPage'));
const PayoutsPage = lazyPage(() => import('../features/payouts/PayoutsPage'));
const ReportsPage = lazyPage(() => import('../features/reports/ReportsPage'));
const InboxPage = lazyPage(() => import('../features/messages/InboxPage'));
const ThreadPage = lazyPage(() => import('../features/messages/ThreadPage'));
const NotificationsPage = lazyPage(() => import('../features/notifications/NotificationsPage'));
const NotificationSettingsPage = lazyPage(() => import('../features/notifications/NotificationSettingsPage'));
const UnsubscribePage = lazyPage(() => import('../features/notifications/UnsubscribePage'));
const loadCategoryBooks = () => import('../features/catalogue/CategoryBooksPage');
const loadPayment = () => import('../features/payment/PaymentPage');

/** While the dashboard's own chunk arrives: the navbar and a progress bar, never a blank page. */
function DashboardFallback() {
  return (
    <>
      <AppNavbar />
      <PageProgress />
    </>
  );
}

// The guards come with the chunk that prepares the app (see boot.tsx), so they are there by the
// time anything renders; until then (a moment, once) they look as a guard that is checking does.
const loadGuards = () => import(/* webpackChunkName: "app-layer" */ '../features/roles/guards');
const RequireAuth = chunkComponent(loadGuards, (guards) => guards.RequireAuth);
const RequireAdmin = chunkComponent(loadGuards, (guards) => guards.RequireAdmin);
const RequireSeller = chunkComponent(loadGuards, (guards) => guards.RequireSeller);

function Guarded({ guard: Guard }: { guard: typeof RequireAuth }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Guard>
        <Outlet />
      </Guard>
    </Suspense>
  );
}

type Preloadable = Pick<ChunkComponent, 'preload'>;
type PagesBehind = ReadonlyArray<readonly [path: string, page: Preloadable, guards: ReadonlyArray<Preloadable>]>;
const behind = (guards: ReadonlyArray<Preloadable>, pages: ReadonlyArray<readonly [string, Preloadable]>): PagesBehind =>
  pages.map(([path, page]) => [path, page, guards] as const);

/** Each dashboard page with the guards it sits behind, as the routes below nest them. */
const DASHBOARD_PAGES: PagesBehind = [
  ...behind([RequireAuth], [[paths.dashboard, MyOrdersPage]]),
  ...behind(
    [RequireAuth, RequireAdmin],
    [
      [paths.allSeller, AllSellerPage],
      [paths.allBuyer, AllBuyerPage],
      [paths.disputes, DisputesPage],
      [paths.payouts, PayoutsPage],
      [paths.reports, ReportsPage],
      [paths.insight, InsightPage],
    ],
  ),
  ...behind(
    [RequireAuth, RequireSeller],
    [
      [paths.addProducts, AddProductPage],
      [paths.myProducts, MyProductsPage],
      [paths.inventory, InventoryPage],
      [paths.myBuyer, MyBuyerPage],
      [paths.editProductPattern, EditProductPage],
      [paths.earnings, EarningsPage],
      [paths.stats, StatsPage],
      [paths.shopPolicy, ShopPolicyPage],
    ],
  ),
  ...behind(
    [RequireAuth],
    [
      [paths.orderPattern, OrderPage],
      [paths.messages, InboxPage],
      [paths.threadPattern, ThreadPage],
      [paths.notifications, NotificationsPage],
      [paths.notificationSettings, NotificationSettingsPage],
      [paths.favourites, FavouritesPage],
      [paths.wanted, WantedPage],
      [paths.bundles, BundlesPage],
      [paths.offers, OffersPage],
      [paths.offerPattern, OfferPage],
    ],
  ),
];

const PRELOAD_WAIT_MS = 200;

/**
 * Before the first render of a dashboard URL: asks for the layout, the guards and the URL's page
 * at once, and waits (at most PRELOAD_WAIT_MS) for the layout and the guards, so that they render
 * without suspending; the page shows as soon as its own chunk is in. Without it each of them
 * suspended in turn on the first render, and React held each reveal back (see chunkComponent).
 * Any other URL, or a chunk that fails (the route's own boundary reports it), changes nothing.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  if (!matchPath({ path: paths.dashboard, end: false }, pathname)) return;
  const entry = DASHBOARD_PAGES.find(([path]) => matchPath(path, pathname));
  void entry?.[1].preload().catch(() => undefined);
  const shell = Promise.all([DashboardLayout.preload(), ...(entry?.[2] ?? [RequireAuth]).map((guard) => guard.preload())]);
  await Promise.race([shell.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, PRELOAD_WAIT_MS))]);
}

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteBoundary resetKey={pathname}>
      <Routes>
        <Route path={paths.home} element={<PublicLayout />}>
          <Route index element={<HomePage />} />
          <Route path={paths.login} element={<Page page={LoginPage} fitsScreen />} />
          <Route path={paths.signup} element={<Page page={SignupPage} fitsScreen />} />
          <Route path={paths.blog} element={<Page page={BlogPage} />} />
          <Route path={paths.search} element={<Page page={SearchPage} />} />
          <Route path={paths.bookPattern} element={<Page page={BookPage} />} />
          <Route path={paths.sellerPattern} element={<Page page={SellerPage} />} />
          <Route path={paths.unsubscribe} element={<Page page={UnsubscribePage} fitsScreen />} />
          <Route element={<Guarded guard={RequireAuth} />}>
            <Route path={paths.categoryBooksPattern} element={<DataPage load={loadCategoryBooks} />} />
            <Route path={paths.allBooks} element={<DataPage load={loadCategoryBooks} />} />
          </Route>
          <Route path="*" element={<RouteErrorPage error={NOT_FOUND} />} />
        </Route>
        {/* The layout (navbar, menu) shows at once; the guards decide inside it, so a page that
            waits for the user, the roles or its data is never a blank screen. */}
        <Route
          path={paths.dashboard}
          element={
            <Suspense fallback={<DashboardFallback />}>
              <DashboardLayout />
            </Suspense>
          }
        >
          <Route element={<Guarded guard={RequireAuth} />}>
            <Route index element={<Page page={MyOrdersPage} />} />
            <Route element={<Guarded guard={RequireAdmin} />}>
              <Route path={paths.allSeller} element={<Page page={AllSellerPage} />} />
              <Route path={paths.allBuyer} element={<Page page={AllBuyerPage} />} />
              <Route path={paths.disputes} element={<Page page={DisputesPage} />} />
              <Route path={paths.payouts} element={<Page page={PayoutsPage} />} />
              <Route path={paths.reports} element={<Page page={ReportsPage} />} />
              <Route path={paths.insight} element={<Page page={InsightPage} />} />
            </Route>
            <Route element={<Guarded guard={RequireSeller} />}>
              <Route path={paths.addProducts} element={<Page page={AddProductPage} />} />
              <Route path={paths.myProducts} element={<Page page={MyProductsPage} />} />
              <Route path={paths.inventory} element={<Page page={InventoryPage} />} />
              <Route path={paths.myBuyer} element={<Page page={MyBuyerPage} />} />
              <Route path={paths.editProductPattern} element={<Page page={EditProductPage} />} />
              <Route path={paths.earnings} element={<Page page={EarningsPage} />} />
              <Route path={paths.stats} element={<Page page={StatsPage} />} />
              <Route path={paths.shopPolicy} element={<Page page={ShopPolicyPage} />} />
            </Route>
            <Route path={paths.paymentPattern} element={<DataPage load={loadPayment} />} />
            <Route path={paths.orderPattern} element={<Page page={OrderPage} />} />
            <Route path={paths.messages} element={<Page page={InboxPage} />} />
            <Route path={paths.threadPattern} element={<Page page={ThreadPage} />} />
            <Route path={paths.notifications} element={<Page page={NotificationsPage} />} />
            <Route path={paths.notificationSettings} element={<Page page={NotificationSettingsPage} />} />
            <Route path={paths.favourites} element={<Page page={FavouritesPage} />} />
            <Route path={paths.wanted} element={<Page page={WantedPage} />} />
            <Route path={paths.bundles} element={<Page page={BundlesPage} />} />
            <Route path={paths.offers} element={<Page page={OffersPage} />} />
            <Route path={paths.offerPattern} element={<Page page={OfferPage} />} />
            <Route path="*" element={<RouteErrorPage error={NOT_FOUND} />} />
          </Route>
        </Route>
      </Routes>
    </RouteBoundary>
  );
}

/** Lets listeners navigate: binds the navigation service to the router once it exists. */
export function NavigationBinder({ navigation }: { navigation: NavigationService & { bind(fn: NavigationService['navigate']): void } }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigation.bind((to, options) => void navigate(to, options));
  }, [navigate, navigation]);
  return null;
}

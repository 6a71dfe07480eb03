import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { MAX_TOASTS, TOAST_DURATION_MS, toastHostMounted, toastsWanted } from '../lib/notifier';

const SnackbarHost = lazy(() =>
  import(/* webpackChunkName: "toasts" */ 'notistack').then(({ SnackbarProvider, useSnackbar }) => {
    function HostReady() {
      const { enqueueSnackbar, closeSnackbar } = useSnackbar();
      useEffect(() => toastHostMounted({ enqueueSnackbar, closeSnackbar }), [enqueueSnackbar, closeSnackbar]);
      return null;
    }
    return {
      default: function SnackbarHost() {
        return (
          <SnackbarProvider maxSnack={MAX_TOASTS} autoHideDuration={TOAST_DURATION_MS.default}>
            <HostReady />
          </SnackbarProvider>
        );
      },
    };
  }),
);

/**
 * Where toasts appear. Its code (notistack) is fetched when the first toast is asked for, so no
 * page pays for it while it loads: most visits never show a toast.
 */
export function Toaster() {
  // The server (and hydration) render nothing here.
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.current, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SnackbarHost />
    </Suspense>
  );
}

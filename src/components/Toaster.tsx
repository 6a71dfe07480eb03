import { lazy, Suspense, useEffect, useState } from 'react';
import { MAX_TOASTS, TOAST_DURATION_MS, toastHostMounted } from '../lib/notifier';

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
 * Where toasts appear. Its code is asked for once the page is up (after hydration), so neither
 * the prerendered HTML nor the first paint waits for it.
 */
export function Toaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <SnackbarHost />
    </Suspense>
  );
}

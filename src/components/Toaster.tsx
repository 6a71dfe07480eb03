import { lazy, Suspense, useEffect } from 'react';
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

/** Where toasts appear; its code arrives after the first paint. */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <SnackbarHost />
    </Suspense>
  );
}

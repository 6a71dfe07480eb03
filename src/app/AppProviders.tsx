import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MAX_TOASTS, TOAST_DURATION_MS } from '../lib/notifier';
import { theme } from '../theme';
import type { AppServices } from './services';
import { ServicesContext } from './servicesContext';
import type { AppStore } from './store';

export function AppProviders({ store, services, children }: { store: AppStore; services: AppServices; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ServicesContext.Provider value={services}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider maxSnack={MAX_TOASTS} autoHideDuration={TOAST_DURATION_MS.default}>
          {children}
        </SnackbarProvider>
      </ThemeProvider>
      </ServicesContext.Provider>
    </Provider>
  );
}

import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Toaster } from '../components/Toaster';
import { theme } from '../theme';
import type { AppServices } from './services';
import { ServicesContext } from './servicesContext';
import type { AppStore } from './store';

interface Props {
  store: AppStore;
  services: AppServices;
  children: ReactNode;
  /** Where toasts render; tests that fake the notifier leave it out. */
  toaster?: ReactNode;
}

export function AppProviders({ store, services, children, toaster = <Toaster /> }: Props) {
  return (
    <Provider store={store}>
      <ServicesContext.Provider value={services}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        {toaster}
      </ThemeProvider>
      </ServicesContext.Provider>
    </Provider>
  );
}

import CssBaseline from '@mui/material/CssBaseline';
// MUI's own ThemeProvider hands a plain theme to this one; it also carries the CSS-variables
// provider, which the theme does not use (src/theme/index.ts).
import { ThemeProvider } from '@mui/system';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Toaster } from '../components/Toaster';
import { theme } from '../theme';
import type { AppServices } from './services';
import { ServicesContext } from './servicesContext';
import type { AppStore, RootState } from './store';

interface Props {
  store: AppStore;
  services: AppServices;
  children: ReactNode;
  /** Where toasts render; tests that fake the notifier leave it out. */
  toaster?: ReactNode;
  /** The state prerendered HTML was made from, while hydrating it (react-redux's getServerSnapshot). */
  serverState?: RootState;
}

export function AppProviders({ store, services, children, toaster = <Toaster />, serverState }: Props) {
  return (
    <Provider store={store} serverState={serverState}>
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

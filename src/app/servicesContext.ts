import { createContext, useContext } from 'react';
import type { AppServices } from './services';

/**
 * The services, for the few components that must hand something to them
 * (the checkout page attaches its card form). Everything else goes through
 * actions and listeners.
 */
export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used inside AppProviders');
  return services;
}

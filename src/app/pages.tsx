import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { PageProgress } from '../components/PageProgress';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { useAppStore } from './hooks';
import type { AppStore } from './store';

interface PageModule {
  Component: ComponentType;
}
interface DataPageModule extends PageModule {
  makeLoader(store: AppStore): (args: LoaderFunctionArgs) => Promise<unknown>;
}

/** A page in its own chunk, fetched when first shown. */
export function lazyPage(load: () => Promise<PageModule>): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((page) => ({ default: page.Component })));
}

export function Page({ page: PageComponent }: { page: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<PageProgress />}>
      <PageComponent />
    </Suspense>
  );
}

type Gate = { key: string; status: 'loading' } | { key: string; status: 'ready'; Page: ComponentType } | { key: string; status: 'failed'; error: unknown };

/**
 * A page whose data must be there before it shows: its chunk and its loader
 * run first (progress bar meanwhile), then the page renders from the cache.
 */
export function DataPage({ load }: { load: () => Promise<DataPageModule> }) {
  const store = useAppStore();
  const params = useParams();
  const location = useLocation();
  const key = `${location.pathname}${location.search}`;
  const [gate, setGate] = useState<Gate>({ key, status: 'loading' });

  useEffect(() => {
    let current = true;
    setGate({ key, status: 'loading' });
    const args = { params, request: new Request(new URL(key, window.location.origin)), context: undefined } as LoaderFunctionArgs;
    load()
      .then(async (page) => {
        await page.makeLoader(store)(args);
        if (current) setGate({ key, status: 'ready', Page: page.Component });
      })
      .catch((error: unknown) => {
        if (current) setGate({ key, status: 'failed', error });
      });
    return () => {
      current = false;
    };
    // The path is what changes the data; params derive from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, load, store]);

  if (gate.key !== key || gate.status === 'loading') return <PageProgress />;
  if (gate.status === 'failed') return <RouteErrorPage error={gate.error} />;
  return <gate.Page />;
}

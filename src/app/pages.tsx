import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { PageLoading, PageProgress } from '../components/PageProgress';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { yieldToMain } from '../lib/yieldToMain';
import { useAppStore } from './hooks';
import type { AppStore } from './store';

interface PageModule {
  Component: ComponentType;
}
interface DataPageModule extends PageModule {
  makeLoader(store: AppStore): (args: LoaderFunctionArgs) => Promise<unknown>;
  /** The page while its data loads: the progress bar over the shape of what is coming. */
  Loading: ComponentType;
}

/** A component in a chunk of its own that can be asked for before it renders (`preload`). */
export type ChunkComponent<P extends object = object> = LazyExoticComponent<ComponentType<P>> & { preload(): Promise<unknown> };

/**
 * A component in a chunk of its own, fetched when first shown or when `preload` asks for it.
 * Once the chunk is in, its first render does not suspend: `lazy` is handed a result it reads at
 * once. (A `lazy` component suspends on its first render even when its chunk has arrived, and
 * React shows what a suspended boundary holds no sooner than 300 ms after its fallback: a page
 * whose layout, guards and page each suspended in turn waited for nothing twice.) A failed load
 * is asked for again next time.
 */
export function chunkComponent<M, P extends object = object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): ChunkComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => (loaded = pick(module)),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const component = lazy(() => {
    if (loaded) {
      const ready = { default: loaded };
      // Read by React at once: the render that asked for it goes on without suspending.
      return { then: (resolve: (value: typeof ready) => void) => resolve(ready) } as unknown as Promise<typeof ready>;
    }
    return preload().then((Component) => ({ default: Component }));
  });
  return Object.assign(component, { preload });
}

/** A page in its own chunk, fetched when first shown or preloaded. */
export function lazyPage(load: () => Promise<PageModule>): ChunkComponent {
  return chunkComponent(load, (page) => page.Component);
}

/**
 * A page whose code is evaluated in slices: `first` (the heavy libraries it needs), then the page,
 * with the browser free to paint and take input between them, so that no task holds the main
 * thread for all of it. The libraries are all asked for at once, so their chunks arrive together
 * (a prerendered page has preloaded them all); each is evaluated as it arrives.
 */
export function lazyPageInSlices(first: ReadonlyArray<() => Promise<unknown>>, load: () => Promise<PageModule>): ChunkComponent {
  return lazyPage(async () => {
    const slices = first.map((slice) => slice());
    // A chunk that fails is reported once, by the await below, not also as unhandled.
    for (const slice of slices) slice.catch(() => undefined);
    for (const slice of slices) {
      await slice;
      await yieldToMain();
    }
    return load();
  });
}

/**
 * A lazy page. While its code arrives the progress bar keeps the screen's room below the navbar,
 * so the footer stays below the fold for a page that will fill the screen; a page that fits on a
 * phone's screen (`fitsScreen`) gets the bar alone, so the footer is already where it will be.
 */
export function Page({ page: PageComponent, fitsScreen = false }: { page: LazyExoticComponent<ComponentType>; fitsScreen?: boolean }) {
  return (
    <Suspense fallback={fitsScreen ? <PageProgress /> : <PageLoading />}>
      <PageComponent />
    </Suspense>
  );
}

/** What the path shows: the progress bar, the page's loading view or the page itself; or why it failed. */
type Gate = { key: string; Page: ComponentType } | { key: string; error: unknown };

/**
 * A page whose data must be there before it shows: its chunk and its loader
 * run first (the progress bar meanwhile, over the page's skeleton once its
 * chunk is in), then the page renders from the cache.
 */
export function DataPage({ load }: { load: () => Promise<DataPageModule> }) {
  const store = useAppStore();
  const params = useParams();
  const location = useLocation();
  const key = `${location.pathname}${location.search}`;
  const [gate, setGate] = useState<Gate>({ key, Page: PageLoading });

  useEffect(() => {
    let current = true;
    setGate({ key, Page: PageLoading });
    const args = { params, request: new Request(new URL(key, window.location.origin)), context: undefined } as LoaderFunctionArgs;
    load()
      .then(async (page) => {
        if (current) setGate({ key, Page: page.Loading });
        await page.makeLoader(store)(args);
        if (current) setGate({ key, Page: page.Component });
      })
      .catch((error: unknown) => {
        if (current) setGate({ key, error });
      });
    return () => {
      current = false;
    };
    // The path is what changes the data; params derive from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, load, store]);

  if (gate.key !== key) return <PageLoading />;
  if ('error' in gate) return <RouteErrorPage error={gate.error} />;
  return <gate.Page />;
}

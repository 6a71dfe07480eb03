import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppTree } from '../app/AppTree';
import { baseApi } from '../api/baseApi';
import { setupStore } from '../app/store';
import { createInertServices } from './inertServices';
import { preloadEntries, type PreloadedEntry } from './preloaded';
import { prefixer } from './prefixer';

/** The routes rendered to HTML at build time; every other route starts from an empty shell. */
export const PRERENDERED_ROUTES = ['/', '/blog', '/login', '/signup'] as const;

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** `<style data-emotion=…>` tags: the CSS that markup uses, then the styles composed into it. */
  styleTags: string;
}

export interface RenderOptions {
  /**
   * API answers the web server has for the page (the home page's categories, a book, a seller, a
   * search): the page renders with them, as the browser does once they are in its cache.
   */
  entries?: readonly PreloadedEntry[];
}

/**
 * The styles of composed components (MUI's `styled(Paper)` and the like) that the markup does not
 * use: Emotion merges each into the outer component's class, so no element carries it, and the
 * critical CSS leaves it out. The browser computes them again while hydrating and, finding them
 * missing from its cache, parses and inserts every one (about 90 rules on the sign-up page).
 * Sent with the page, they are marked as present instead, and nothing is inserted.
 */
function composedStyleTag(cache: EmotionCache, chunks: { styles: Array<{ ids: string[] }> }): string {
  const sent = new Set(chunks.styles.flatMap((style) => style.ids));
  const composed = Object.entries(cache.inserted).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && !sent.has(entry[0]),
  );
  if (composed.length === 0) return '';
  const ids = composed.map(([id]) => id).join(' ');
  return `<style data-emotion="${cache.key} ${ids}">${composed.map(([, css]) => css).join('')}</style>`;
}

/**
 * Renders one route as a signed-out visitor sees it before anything is fetched (or with the
 * given answers), waiting for its lazy page. The browser hydrates the same tree.
 */
export async function renderRoute(url: string, options: RenderOptions = {}): Promise<RenderedPage> {
  // The prefixes the targeted browsers still need and no more (`prefixer.ts`).
  const cache = createCache({ key: 'css', stylisPlugins: [prefixer] });
  const emotionServer = createEmotionServer(cache);
  const { services, navigation } = createInertServices();
  const store = setupStore(services);
  await preloadEntries(store.dispatch, options.entries ?? []);
  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <AppTree
        store={store}
        services={services}
        navigation={navigation}
        router={(children) => <StaticRouter location={url}>{children}</StaticRouter>}
      />
    </CacheProvider>,
    // Everything inline: no Suspense boundary is sent apart with a script to put it in place
    // (the CSP allows no inline script, and a static page has nothing to stream).
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const html = await new Response(prelude).text();
  // The store is thrown away: reset, it stops the timer RTK Query keeps for unused data (five
  // minutes), which would otherwise hold it, and a test run or the web server, that long.
  store.dispatch(baseApi.util.resetApiState());
  const chunks = emotionServer.extractCriticalToChunks(html);
  return { html, styleTags: emotionServer.constructStyleTagsFromChunks(chunks) + composedStyleTag(cache, chunks) };
}

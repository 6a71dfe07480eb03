import { watchTypingBeforeHydration } from './lib/typedBeforeHydration';
import { yieldToMain } from './lib/yieldToMain';

/*
 * The first screen's modules are all in this script (the API layer follows in a chunk of its own,
 * see `app/prepareApp.ts`), but they are evaluated in slices, with the browser free to paint and
 * take input between them, so that starting up never holds the main thread in one long task. The slices follow the import graph: each one's modules are evaluated once, and
 * the next slice finds them ready. A package's slice names the exports the app uses
 * (`webpackExports`), so that importing it here keeps the rest of it out of the build.
 */
const SLICES: Array<() => Promise<unknown>> = [
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager", webpackExports: ["configureStore"] */ '@reduxjs/toolkit'),
  () => import(/* webpackMode: "eager" */ './app/storeShell'),
  () => import(/* webpackMode: "eager", webpackExports: ["createTheme"] */ '@mui/material/styles'),
  () => import(/* webpackMode: "eager" */ './theme'),
  // Emotion's first evaluation takes the prerendered page's style tags into its cache.
  () => import(/* webpackMode: "eager", webpackExports: ["Global"] */ '@emotion/react'),
  () => import(/* webpackMode: "eager", webpackExports: ["ThemeProvider"] */ '@mui/system'),
  () => import(/* webpackMode: "eager" */ './app/AppProviders'),
  () => import(/* webpackMode: "eager", webpackExports: ["BrowserRouter"] */ 'react-router-dom'),
  () => import(/* webpackMode: "eager" */ './layouts/PublicLayout'),
  () => import(/* webpackMode: "eager" */ './features/catalogue/HomePage'),
  () => import(/* webpackMode: "eager" */ './app/router'),
];

async function boot(container: HTMLElement) {
  for (const slice of SLICES) {
    await yieldToMain();
    await slice();
  }
  await yieldToMain();
  const { start } = await import(/* webpackMode: "eager" */ './app/boot');
  await start(container);
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// What is typed into a prerendered form while the app starts is kept for the live form.
if (container.dataset.prerendered === window.location.pathname) watchTypingBeforeHydration(container);
void boot(container);

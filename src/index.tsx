import { watchTypingBeforeHydration } from './lib/typedBeforeHydration';
import { yieldToMain } from './lib/yieldToMain';

/*
 * The app's modules are all in this script, but they are evaluated in a few slices, with the
 * browser free to paint and take input between them, so that starting up never holds the main
 * thread in one long task. The slices follow the import graph: each one's modules are evaluated
 * once, and the next slice finds them ready.
 */
async function boot(container: HTMLElement) {
  await yieldToMain();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await yieldToMain();
  await import(/* webpackMode: "eager" */ './api/baseApi');
  await yieldToMain();
  await import(/* webpackMode: "eager" */ './app/store');
  await yieldToMain();
  await import(/* webpackMode: "eager" */ './theme');
  await yieldToMain();
  await import(/* webpackMode: "eager" */ './app/AppProviders');
  await yieldToMain();
  await import(/* webpackMode: "eager" */ './app/router');
  await yieldToMain();
  const { start } = await import(/* webpackMode: "eager" */ './app/boot');
  start(container);
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// What is typed into a prerendered form while the app starts is kept for the live form.
if (container.dataset.prerendered === window.location.pathname) watchTypingBeforeHydration(container);
void boot(container);

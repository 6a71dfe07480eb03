import { http, HttpResponse } from 'msw';
import fs from 'node:fs';
import path from 'node:path';
import { categoriesApi, preloadCategories } from '../api/categoriesApi';
import { signOutRequested } from '../features/auth/authSlice';
import { createFakeServices } from '../testing/fakeServices';
import { API, server } from '../testing/server';
import { resolveLocal, staticImports } from '../testing/staticImports';
import type { Category } from '../types/entities';
import { attachApiLayer } from './apiLayer';
import { createStoreShell } from './storeShell';

const fiction: Category = { _id: 'c1', name: 'Fiction', category_id: '1', category: 'fiction', img: 'https://img.example/fiction.jpg' };

describe('the store before and after its API layer', () => {
  it('runs no flow and holds no API cache until the layer is attached', async () => {
    const services = createFakeServices();
    const shell = createStoreShell(services);
    shell.store.dispatch(signOutRequested());
    await Promise.resolve();
    expect(services.auth.signOut).not.toHaveBeenCalled();
    expect(Object.keys(shell.store.getState())).not.toContain('api');
    expect(shell.store.getState().auth).toBeDefined();
  });

  it('once attached, the listeners run the flows and the API answers into the store', async () => {
    server.use(http.get(`${API}/bookCatagories`, () => HttpResponse.json([fiction])));
    const services = createFakeServices();
    const shell = createStoreShell(services);
    attachApiLayer(shell);
    const { store } = shell;
    expect(store.getState().api.config.middlewareRegistered).toBe(true);

    store.dispatch(signOutRequested());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(services.auth.signOut).toHaveBeenCalledTimes(1);
    expect(store.getState().auth).toEqual(expect.objectContaining({ user: null }));

    const result = await store.dispatch(categoriesApi.endpoints.getCategories.initiate());
    expect(result.data).toEqual([fiction]);
  });

  it('attaches once: a second call adds no second set of listeners', async () => {
    const services = createFakeServices();
    const shell = createStoreShell(services);
    attachApiLayer(shell);
    attachApiLayer(shell);
    shell.store.dispatch(signOutRequested());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(services.auth.signOut).toHaveBeenCalledTimes(1);
  });

  it('keeps what a page arrived with: the preloaded categories read from the cache', () => {
    const shell = createStoreShell(createFakeServices());
    attachApiLayer(shell);
    shell.store.dispatch(preloadCategories([fiction]));
    expect(categoriesApi.endpoints.getCategories.select()(shell.store.getState()).data).toEqual([fiction]);
  });
});

describe('the first script', () => {
  // index.tsx evaluates the first screen's modules in slices: `import()`s the build keeps in the
  // main script (webpackMode "eager"). Everything they reach statically is in it too.
  const entry = path.join(__dirname, '..', 'index.tsx');
  const eager = [...fs.readFileSync(entry, 'utf8').matchAll(/import\(\/\*[^*]*webpackMode: "eager"[^*]*\*\/ '([^']+)'\)/g)].map(([, specifier]) => specifier);
  const seen = new Set<string>();
  const packages = new Set<string>();
  for (const specifier of eager) {
    if (!specifier.startsWith('.')) {
      packages.add(specifier);
      continue;
    }
    for (const name of staticImports(resolveLocal(entry, specifier), seen).packages) packages.add(name);
  }
  const files = [...seen].map((file) => path.relative(path.join(__dirname, '..'), file));

  it('starts the app and the home page', () => {
    expect(files).toEqual(expect.arrayContaining(['app/boot.tsx', 'app/storeShell.ts', 'features/catalogue/HomePage.tsx']));
  });

  it('leaves the API layer, the settings, the services and the guards to their chunk', () => {
    expect([...packages].filter((name) => name.startsWith('@reduxjs/toolkit/query'))).toEqual([]);
    expect(files.filter((file) => /(Api|Listeners|apiLayer|prepareApp)\.tsx?$/.test(file))).toEqual([]);
    expect(files.filter((file) => ['config/env.ts', 'app/createServices.ts', 'features/roles/guards.tsx'].includes(file))).toEqual([]);
  });
});

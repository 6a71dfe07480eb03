import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { server } from '../src/testing/server';
import { setConfig } from '../src/config/env';
import { resetTrackedStores } from '../src/testing/storeRegistry';

// findBy*/waitFor give up after 10 s instead of 1 s: on a busy machine a lazy chunk or a
// mocked answer can take longer than a second to arrive.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  resetTrackedStores();
  server.resetHandlers();
  if (typeof window !== 'undefined') window.localStorage.clear();
  setConfig(undefined);
});
afterAll(() => server.close());

/*
 * React 19 builds `new FormData(form, submitter)` when a form is submitted while a transition
 * runs (a router navigation started in onSubmit, for one). The fetch-ready environment's
 * FormData (Node's) takes no form element, as a browser's does; this one reads the form's
 * named, enabled fields.
 */
const NodeFormData = globalThis.FormData;
class BrowserLikeFormData extends NodeFormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super();
    if (!(form instanceof HTMLFormElement)) return;
    for (const element of Array.from(form.elements)) {
      const field = element as HTMLInputElement;
      if (!field.name || field.disabled || ((field.type === 'checkbox' || field.type === 'radio') && !field.checked)) continue;
      if (field.type === 'submit' && field !== submitter) continue;
      this.append(field.name, field.value);
    }
  }
}
globalThis.FormData = BrowserLikeFormData as typeof FormData;

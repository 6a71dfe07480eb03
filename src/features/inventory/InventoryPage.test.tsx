import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { axeViolations } from '../../testing/axe';
import { API, server } from '../../testing/server';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { RUNNING_POLL_MS, type ImportError, type InventoryDefaults, type InventoryImport } from './inventoryApi';

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

const anImport = (overrides: Partial<InventoryImport> = {}): InventoryImport => ({
  id: 'imp1',
  state: 'checking',
  fileName: 'stock.csv',
  rows: 500,
  counts: { new: 0, updated: 0, unchanged: 0, withdrawn: 0, invalid: 0 },
  progress: { done: 0, total: 500 },
  createdAt: '2026-12-02T10:00:00.000Z',
  ...overrides,
});

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

/** The inventory API in memory: defaults, imports (a POST adds one, checking), errors, apply and discard; every call recorded. */
function serveInventory(options: { defaults?: InventoryDefaults; imports?: InventoryImport[]; errors?: ImportError[]; refuseUpload?: () => Response } = {}) {
  let defaults: InventoryDefaults = options.defaults ?? { phone: '+1 555 0100', location: 'Tucson', delivery: 'meetup', category: null };
  let imports = [...(options.imports ?? [])];
  const calls: Call[] = [];
  const record = (request: Request, body?: unknown) => calls.push({ method: request.method, path: new URL(request.url).pathname + new URL(request.url).search, body });
  server.use(
    http.get(`${API}/bookCatagories`, () => HttpResponse.json([{ _id: 'c1', name: 'Fiction', category_id: '1', category: 'fiction', img: 'https://i.example/f.svg' }])),
    http.get(`${API}/inventory/defaults`, ({ request }) => {
      record(request);
      return HttpResponse.json(defaults);
    }),
    http.put(`${API}/inventory/defaults`, async ({ request }) => {
      defaults = (await request.json()) as InventoryDefaults;
      record(request, defaults);
      return HttpResponse.json(defaults);
    }),
    http.get(`${API}/inventory/imports`, ({ request }) => {
      record(request);
      return HttpResponse.json(imports);
    }),
    http.post(`${API}/inventory/imports`, async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file') as File;
      record(request, { file: file.name, text: await file.text(), replace: form.get('replace') });
      if (options.refuseUpload) return options.refuseUpload();
      const created = anImport({ id: `imp${imports.length + 1}`, fileName: file.name });
      imports = [created, ...imports];
      return HttpResponse.json(created, { status: 202 });
    }),
    http.get(`${API}/inventory/imports/:id/errors`, ({ request }) => {
      record(request);
      return HttpResponse.json(options.errors ?? []);
    }),
    http.post(`${API}/inventory/imports/:id/apply`, ({ request, params }) => {
      record(request);
      imports = imports.map((item) => (item.id === params.id ? { ...item, state: 'applying', progress: { done: 0, total: item.counts.new } } : item));
      return HttpResponse.json(imports.find((item) => item.id === params.id), { status: 202 });
    }),
    http.delete(`${API}/inventory/imports/:id`, ({ request, params }) => {
      record(request);
      imports = imports.map((item) => (item.id === params.id ? { ...item, state: 'discarded' } : item));
      return HttpResponse.json(imports.find((item) => item.id === params.id));
    }),
    http.get(`${API}/inventory.csv`, ({ request }) => {
      record(request);
      return new HttpResponse('\uFEFFsku,isbn,title\r\nA-1,,Dune\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
    }),
  );
  /** The API's side of an `event: import`: the import as the next read of the list answers it. */
  const set = (item: InventoryImport) => {
    imports = imports.map((known) => (known.id === item.id ? item : known));
  };
  return Object.assign(calls, { set });
}

const seller = () => signedInState({ isSeller: true });

/**
 * A file as the page gets it from the picker or a drop. Node's own: the tests' fetch (Node's)
 * sends only its own kind of file in a form.
 */
const csvFile = (text: string, name: string) => new NodeFile([text], name, { type: 'text/csv' }) as unknown as File;

describe('the inventory page', () => {
  it('uploads a picked file, shows the check live, lists the bad rows, applies it and fills the bar', async () => {
    const user = userEvent.setup();
    const calls = serveInventory({
      errors: [
        { row: 7, column: 'price', message: '"cheap" is not a price in dollars, like 12 or 12.50' },
        { row: 9, column: 'sku', message: 'The SKU "A-1" is also on row 2' },
      ],
    });
    const { services } = renderApp('/dashboard/inventory', { preloadedState: seller() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Inventory' })).toBeInTheDocument();
    expect(await screen.findByText('No inventory file yet. Set your defaults, then upload a file.')).toBeInTheDocument();

    const input = screen.getByLabelText('Inventory file');
    await user.click(screen.getByRole('checkbox', { name: 'Replace my inventory: withdraw my copies that are not in the file' }));
    fireEvent.change(input, { target: { files: [csvFile('sku,title,condition,price\nA-1,Dune,Good,5\n', 'stock.csv')] } });
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/inventory/imports', body: { file: 'stock.csv', text: 'sku,title,condition,price\nA-1,Dune,Good,5\n', replace: 'true' } },
    ]));
    expect(await screen.findByRole('heading', { name: 'Latest import: stock.csv' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a file' })).toHaveAttribute('aria-disabled', 'true');

    await waitFor(() => expect(services.events.connections).toHaveLength(1));
    const send = (item: InventoryImport) =>
      act(() => {
        calls.set(item);
        services.events.current().open();
        services.events.current().send({ event: 'import', data: JSON.stringify(item) });
      });
    send(anImport({ id: 'imp1', progress: { done: 250, total: 500 }, counts: { new: 249, updated: 0, unchanged: 0, withdrawn: 0, invalid: 1 } }));
    expect(await screen.findByRole('progressbar', { name: 'Checking: 250 of 500 rows' })).toHaveAttribute('aria-valuenow', '50');
    send(anImport({ id: 'imp1', state: 'checked', progress: { done: 500, total: 500 }, counts: { new: 497, updated: 0, unchanged: 0, withdrawn: 0, invalid: 3 } }));
    expect(await screen.findByText('Checked: nothing changed yet')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: /rows/ })).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Rows with errors' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'RowColumnWhat is wrong',
      '7price"cheap" is not a price in dollars, like 12 or 12.50',
      '9skuThe SKU "A-1" is also on row 2',
    ]);
    expect(screen.getByText('With errors').nextElementSibling).toHaveTextContent('3');
    let violations: string[] = [];
    await act(async () => {
      violations = await axeViolations();
    });
    expect(violations).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Download the errors (CSV)' }));
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/inventory/imports/imp1/errors?format=csv'));

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/inventory/imports/imp1/apply')).toHaveLength(1));
    send(anImport({ id: 'imp1', state: 'applying', progress: { done: 200, total: 497 }, counts: { new: 497, updated: 0, unchanged: 0, withdrawn: 0, invalid: 3 } }));
    expect(await screen.findByRole('progressbar', { name: 'Applying: 200 of 497 rows' })).toHaveAttribute('aria-valuenow', '40');
    send(anImport({ id: 'imp1', state: 'applied', progress: { done: 497, total: 497 }, counts: { new: 497, updated: 0, unchanged: 0, withdrawn: 0, invalid: 3 } }));
    expect(await screen.findByText('Applied')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a file' })).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('says why a dropped file was refused, and changes nothing', async () => {
    serveInventory({ refuseUpload: () => HttpResponse.json({ message: 'The file has no column "price": every row needs one' }, { status: 400 }) });
    renderApp('/dashboard/inventory', { preloadedState: seller() });
    await screen.findByText('No inventory file yet. Set your defaults, then upload a file.');
    // Dropped on the page rather than picked.
    fireEvent.drop(screen.getByTestId('inventory-drop'), { dataTransfer: { files: [csvFile('sku,title\n', 'bad.csv')] } });
    expect(await screen.findByText('The file has no column "price": every row needs one')).toBeInTheDocument();
    expect(screen.getByText('No inventory file yet. Set your defaults, then upload a file.')).toBeInTheDocument();
  });

  it('saves the defaults, and asks for a phone first', async () => {
    const user = userEvent.setup();
    const calls = serveInventory({ defaults: { phone: null, location: null, delivery: null, category: null } });
    const { services } = renderApp('/dashboard/inventory', { preloadedState: seller() });
    const phone = await screen.findByRole('textbox', { name: 'Phone' });
    await user.click(screen.getByRole('button', { name: 'Save defaults' }));
    expect(await screen.findByText('A phone is needed: files have no phone column')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.type(phone, '+1 555 0142');
    await user.type(screen.getByRole('textbox', { name: 'Location' }), 'Mesa');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Delivery' }), 'both');
    await user.click(screen.getByRole('button', { name: 'Save defaults' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/inventory/defaults', body: { phone: '+1 555 0142', location: 'Mesa', delivery: 'both', category: null } },
    ]));
    await waitFor(() => expect(services.notifier.notify).toHaveBeenCalledWith('Defaults saved', 'success'));
  });

  it('downloads the inventory as the API writes it', async () => {
    const user = userEvent.setup();
    serveInventory();
    const { services } = renderApp('/dashboard/inventory', { preloadedState: seller() });
    await user.click(await screen.findByRole('button', { name: 'Download my inventory (CSV)' }));
    await waitFor(() => expect(services.files.save).toHaveBeenCalledWith({ name: 'inventory.csv', type: 'text/csv;charset=utf-8', content: '\uFEFFsku,isbn,title\r\nA-1,,Dune\r\n' }));
  });

  it('discards a checked import after asking', async () => {
    const user = userEvent.setup();
    const calls = serveInventory({ imports: [anImport({ state: 'checked', progress: { done: 500, total: 500 }, counts: { new: 500, updated: 0, unchanged: 0, withdrawn: 0, invalid: 0 } })] });
    renderApp('/dashboard/inventory', { preloadedState: seller() });
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard this import?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE')).toEqual([{ method: 'DELETE', path: '/inventory/imports/imp1', body: undefined }]));
    expect(await screen.findByText('Discarded')).toBeInTheDocument();
  });

  it('reads the imports again while one runs, so a check whose news the live stream missed still shows', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const calls = serveInventory({ imports: [anImport()] });
      renderApp('/dashboard/inventory', { preloadedState: seller() });
      expect(await screen.findByRole('progressbar', { name: 'Checking: 0 of 500 rows' })).toBeInTheDocument();
      const reads = () => calls.filter((call) => call.path === '/inventory/imports').length;
      const before = reads();
      // Checked on the API, and no event came.
      calls.set(anImport({ state: 'checked', progress: { done: 500, total: 500 }, counts: { new: 500, updated: 0, unchanged: 0, withdrawn: 0, invalid: 0 } }));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(RUNNING_POLL_MS);
      });
      expect(await screen.findByText('Checked: nothing changed yet')).toBeInTheDocument();
      expect(reads()).toBe(before + 1);
      // Nothing runs: the page stops asking.
      await act(async () => {
        await jest.advanceTimersByTimeAsync(3 * RUNNING_POLL_MS);
      });
      expect(reads()).toBe(before + 1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('says why an import failed, how far it got, and takes a new file', async () => {
    const failure = 'The import stopped part-way: the rows written so far stay, the others were not written. Upload the same file again to finish (the rows already written come back unchanged).';
    serveInventory({ imports: [anImport({ state: 'failed', failure, progress: { done: 200, total: 202 }, counts: { new: 202, updated: 0, unchanged: 0, withdrawn: 0, invalid: 0 } })] });
    renderApp('/dashboard/inventory', { preloadedState: seller() });
    expect(await screen.findByRole('alert')).toHaveTextContent(`Done: 200 of 202 rows. ${failure}`);
    expect(screen.getByRole('status')).toHaveTextContent('Failed');
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a file' })).not.toHaveAttribute('aria-disabled', 'true');
  });
});

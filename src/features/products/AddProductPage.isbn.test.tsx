import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp, renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { IsbnBook } from './types';
import { Component as AddProductPage } from './AddProductPage';
import { cover, enter, recordProductCalls, serveCategories, uploadedUrl, withNodeFile } from './testSupport';

withNodeFile();
serveCategories();

const coverUrl = 'http://127.0.0.1:5000/image-host/i/cover-9780141439518.webp';
const middlemarch: IsbnBook = { isbn13: '9780141439518', title: 'Middlemarch', author: 'George Eliot', year: 1871, cover: coverUrl };

/** `GET /isbn/:isbn` answering `answer`, recording each ISBN asked. */
function serveLookup(answer: () => Response | Promise<Response>) {
  const asked: Array<{ isbn: string; authorization: string | null }> = [];
  server.use(
    http.get(`${API}/isbn/:isbn`, ({ params, request }) => {
      asked.push({ isbn: params.isbn as string, authorization: request.headers.get('authorization') });
      return answer();
    }),
  );
  return asked;
}

const renderPage = () => renderWithProviders(<AddProductPage />, { preloadedState: signedInState({ isSeller: true }) });

async function lookUp(user: ReturnType<typeof userEvent.setup>, isbn: string) {
  await enter(user, 'ISBN', isbn);
  await user.click(screen.getByRole('button', { name: 'Look up' }));
}

describe('Add Product: ISBN first', () => {
  it('looks a pasted ISBN-10 up as its ISBN-13, shows progress meanwhile, and fills in title, author and cover', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const asked = serveLookup(async () => {
      await held;
      return HttpResponse.json(middlemarch);
    });
    renderPage();

    const isbnField = screen.getByLabelText('ISBN');
    expect(isbnField.compareDocumentPosition(screen.getByLabelText(/Product name/)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await lookUp(user, '0-14-143951-3');

    expect(await screen.findByRole('progressbar', { name: 'Looking up the ISBN…' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Look up' })).toBeDisabled();
    answer();

    await waitFor(() => expect(screen.getByLabelText(/Product name/)).toHaveValue('Middlemarch'));
    expect(asked).toEqual([{ isbn: '9780141439518', authorization: 'bearer t0k' }]);
    expect(screen.getByLabelText('Author')).toHaveValue('George Eliot');
    expect(screen.getByText('Filled in from the ISBN: check every field')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover found by the ISBN' })).toHaveAttribute('src', coverUrl);
    expect(screen.queryByRole('progressbar', { name: 'Looking up the ISBN…' })).not.toBeInTheDocument();
    // Every field stays the seller's to change.
    await enter(user, 'Author', ' and friends');
    expect(screen.getByLabelText('Author')).toHaveValue('George Eliot and friends');
  });

  it('lists the book with the looked-up cover as its photo: no upload, the ISBN and author posted', async () => {
    const user = userEvent.setup({ delay: null });
    serveLookup(() => HttpResponse.json(middlemarch));
    const { uploads, posts } = recordProductCalls();
    const { router, services } = renderApp('/dashboard/addproducts', { preloadedState: signedInState({ isSeller: true }) });
    await screen.findByRole('heading', { name: 'Add Product' });

    await lookUp(user, '9780141439518');
    await screen.findByRole('img', { name: 'Cover found by the ISBN' });
    await enter(user, /Resale price/, '7');
    await enter(user, /Phone/, '0123456789');
    await enter(user, /Location/, 'Tucson');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myproducts'));
    expect(uploads).toHaveLength(0);
    expect(posts).toEqual([
      {
        authorization: 'bearer t0k',
        body: {
          name: 'Middlemarch',
          author: 'George Eliot',
          isbn: '9780141439518',
          price: 7,
          phone: '0123456789',
          location: 'Tucson',
          condition: 'Excillent',
          description: '',
          uses: '',
          image: coverUrl,
        },
      },
    ]);
    expect(services.notifier.notify).toHaveBeenCalledWith('Middlemarch is added successfully', 'success');
  });

  it('takes the looked-up cover as one photo, which the seller can remove for an upload of their own', async () => {
    const user = userEvent.setup({ delay: null });
    serveLookup(() => HttpResponse.json(middlemarch));
    const { uploads, posts } = recordProductCalls();
    renderPage();

    await lookUp(user, '9780141439518');
    await screen.findByRole('img', { name: 'Cover found by the ISBN' });
    await user.upload(screen.getByLabelText('Image'), cover());
    expect(screen.getByText('Chosen: cover.png')).toBeInTheDocument();
    await user.click(within(screen.getByRole('listitem', { name: 'Photo 1 of 2' })).getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('img', { name: 'Cover found by the ISBN' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Photo 1 of 1' })).getByText('Cover')).toBeInTheDocument();
    await enter(user, /Resale price/, '7');
    await enter(user, /Phone/, '0123456789');
    await enter(user, /Location/, 'Tucson');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(uploads).toHaveLength(1);
    expect(posts[0].body).toMatchObject({ name: 'Middlemarch', image: uploadedUrl });
  });

  it('looks up on Enter in the ISBN field, without sending the form', async () => {
    const user = userEvent.setup({ delay: null });
    const asked = serveLookup(() => HttpResponse.json(middlemarch));
    const { uploads, posts } = recordProductCalls();
    renderPage();

    await enter(user, 'ISBN', '9780141439518');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.getByLabelText(/Product name/)).toHaveValue('Middlemarch'));
    expect(asked).toHaveLength(1);
    expect(screen.queryByText('Enter a phone number')).not.toBeInTheDocument();
    expect(uploads).toHaveLength(0);
    expect(posts).toHaveLength(0);
  });

  it('says so when the ISBN is not known, and the form stays usable', async () => {
    const user = userEvent.setup({ delay: null });
    serveLookup(() => HttpResponse.json({ message: 'Not found: fill in the details yourself' }, { status: 404 }));
    renderPage();

    await lookUp(user, '9780141439518');

    expect(await screen.findByText('Not found: fill in the details yourself')).toBeInTheDocument();
    expect(screen.getByLabelText(/Product name/)).toHaveValue('');
    expect(screen.getByLabelText(/Product name/)).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Look up' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeEnabled();
  });

  it('says the lookup is not answering on a 503, at once (not retried), and the form stays usable', async () => {
    const user = userEvent.setup({ delay: null });
    const asked = serveLookup(() => HttpResponse.json({ message: 'The book lookup is not set up here' }, { status: 503 }));
    renderPage();

    await lookUp(user, '9780141439518');

    expect(await screen.findByText('The book lookup is not answering: fill in the details yourself')).toBeInTheDocument();
    expect(asked).toHaveLength(1);
    await enter(user, /Product name/, 'Middlemarch');
    expect(screen.getByLabelText(/Product name/)).toHaveValue('Middlemarch');
  });

  it('refuses an ISBN with a wrong check digit beside the field, and asks nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const asked = serveLookup(() => HttpResponse.json(middlemarch));
    const { posts } = recordProductCalls();
    renderPage();

    await lookUp(user, '9780141439519');

    expect(await screen.findByText('This ISBN is not valid: check its digits')).toBeInTheDocument();
    expect(screen.getByLabelText('ISBN')).toHaveAttribute('aria-invalid', 'true');
    expect(asked).toHaveLength(0);
    // Nor is the form sent with it.
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(posts).toHaveLength(0);
  });
});

describe('Add Product: conditions', () => {
  it("says what the chosen condition means, and asks a Fair copy's defects in the description", async () => {
    const user = userEvent.setup({ delay: null });
    const { uploads, posts } = recordProductCalls();
    renderPage();

    const condition = screen.getByLabelText('Condition');
    expect(condition).toHaveAccessibleDescription('Like new: no marks, tight binding, clean pages');
    await user.selectOptions(condition, 'Good');
    expect(condition).toHaveAccessibleDescription('Read, with light wear; no missing pages');
    await user.selectOptions(condition, 'Fair');
    expect(condition).toHaveAccessibleDescription('Worn but complete; defects noted below');
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription('Describe the defects of a Fair copy');

    await enter(user, /Product name/, 'Dune');
    await enter(user, /Resale price/, '12');
    await enter(user, /Phone/, '0123456789');
    await enter(user, /Location/, 'Dhaka');
    await user.upload(screen.getByLabelText('Image'), cover());
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    const description = screen.getByLabelText('Description');
    await waitFor(() => expect(description).toHaveAttribute('aria-invalid', 'true'));
    expect(within(description.closest('.MuiFormControl-root') as HTMLElement).getByText('Describe the defects of a Fair copy')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
    expect(posts).toHaveLength(0);

    await enter(user, 'Description', 'Coffee stain on the cover');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toMatchObject({ condition: 'Fair', description: 'Coffee stain on the cover' });
  });
});

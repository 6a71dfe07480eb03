import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp, renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { Component as AddProductPage } from './AddProductPage';
import { enter, recordProductCalls, serveCategories, withNodeFile } from './testSupport';

withNodeFile();
serveCategories();

const hosted = (name: string) => `http://127.0.0.1:5000/image-host/i/${name.replace(/\W/g, '')}.png`;
const photo = (name: string) => new File(['x'], name, { type: 'image/png' });
const card = (n: number, of: number) => screen.getByRole('listitem', { name: `Photo ${n} of ${of}` });
type User = ReturnType<typeof userEvent.setup>;

/** The image host answering each upload with a URL named after its file; `answer` may hold or refuse one. */
function serveUploads(answer?: (fileName: string, attempt: number) => Promise<Response | undefined> | Response | undefined) {
  const attempts = new Map<string, number>();
  const calls = recordProductCalls(async () => {
    const fileName = calls.uploads[calls.uploads.length - 1].fileName ?? '';
    const attempt = (attempts.get(fileName) ?? 0) + 1;
    attempts.set(fileName, attempt);
    return (await answer?.(fileName, attempt)) ?? HttpResponse.json({ success: true, status: 200, data: { url: hosted(fileName) } });
  });
  return calls;
}

async function fillDetails(user: User) {
  await enter(user, /Product name/, 'Dune');
  await enter(user, /Resale price/, '12');
  await enter(user, /Phone/, '0123456789');
  await enter(user, /Location/, 'Dhaka');
}

const renderPage = () => renderWithProviders(<AddProductPage />, { preloadedState: signedInState({ isSeller: true }) });
/** The move was said in the polite live region (not only shown). */
const expectAnnounced = (text: string) => expect(screen.getByText(text)).toHaveAttribute('aria-live', 'polite');

describe('Add Product: several photos', () => {
  it('uploads each photo with its own progress, the cover first, then posts image and images in order', async () => {
    const user = userEvent.setup({ delay: null });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { uploads, posts } = serveUploads(async (fileName) => {
      if (fileName === 'front.png') await held;
      return undefined;
    });
    const { router } = renderApp('/dashboard/addproducts', { preloadedState: signedInState({ isSeller: true }) });
    await screen.findByRole('heading', { name: 'Add Product' });

    await fillDetails(user);
    await user.upload(screen.getByLabelText('Image'), [photo('front.png'), photo('back.png')]);
    expect(within(card(1, 2)).getByText('Cover')).toBeInTheDocument();
    expect(within(card(1, 2)).getByText('Chosen: front.png')).toBeInTheDocument();
    expect(within(card(2, 2)).getByText('Chosen: back.png')).toBeInTheDocument();
    expect(within(card(2, 2)).queryByText('Cover')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    // While the cover goes out, each photo shows how far it is, and the form says why it cannot be sent again.
    expect(await screen.findByRole('status')).toHaveTextContent('Uploading image…');
    expect(screen.getByRole('status')).toHaveTextContent('front.png, 1 KB');
    expect(within(card(1, 2)).getByRole('progressbar', { name: 'Photo 1 of 2' })).toHaveAttribute('aria-valuenow');
    expect(within(card(2, 2)).getByRole('progressbar', { name: 'Photo 2 of 2' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeDisabled();
    expect(within(card(1, 2)).getByRole('button', { name: 'Remove' })).toBeDisabled();
    expect(uploads.map((upload) => upload.fileName)).toEqual(['front.png']);
    release();

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myproducts'));
    expect(uploads.map((upload) => upload.fileName)).toEqual(['front.png', 'back.png']);
    expect(uploads[1]).toMatchObject({ authorization: 'bearer t0k', field: 'image' });
    expect(uploads[1].url.searchParams.get('key')).toBe('book-resale-local');
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toMatchObject({ name: 'Dune', image: hosted('front.png'), images: [hosted('front.png'), hosted('back.png')] });
  });

  it('moves a photo by keyboard, says so in a polite live region, keeps the focus on it and posts the new order', async () => {
    const user = userEvent.setup({ delay: null });
    const { posts } = serveUploads();
    renderPage();

    await fillDetails(user);
    await user.upload(screen.getByLabelText('Image'), [photo('front.png'), photo('back.png'), photo('spine.png')]);
    // Photo 1 cannot go earlier: its button says so and does nothing.
    expect(within(card(1, 3)).getByRole('button', { name: 'Move earlier' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(card(3, 3)).getByRole('button', { name: 'Move later' })).toHaveAttribute('aria-disabled', 'true');

    const moveEarlier = within(card(3, 3)).getByRole('button', { name: 'Move earlier' });
    act(() => moveEarlier.focus());
    await user.keyboard('{Enter}');
    expectAnnounced('Photo 3 of 3 moved to position 2');
    expect(within(card(2, 3)).getByText('Chosen: spine.png')).toBeInTheDocument();
    expect(within(card(2, 3)).getByRole('button', { name: 'Move earlier' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expectAnnounced('Photo 2 of 3 moved to position 1');
    expect(within(card(1, 3)).getByText('Chosen: spine.png')).toBeInTheDocument();
    expect(within(card(1, 3)).getByText('Cover')).toBeInTheDocument();
    // At the front: the focus stays, and a third press moves nothing.
    expect(within(card(1, 3)).getByRole('button', { name: 'Move earlier' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(card(1, 3)).getByText('Chosen: spine.png')).toBeInTheDocument();

    await user.click(within(card(2, 3)).getByRole('button', { name: 'Move later' }));
    expectAnnounced('Photo 2 of 3 moved to position 3');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toMatchObject({
      image: hosted('spine.png'),
      images: [hosted('spine.png'), hosted('back.png'), hosted('front.png')],
    });
  });

  it('moves a photo by dragging its thumbnail with a pointer', async () => {
    const user = userEvent.setup({ delay: null });
    const { posts } = serveUploads();
    const jsdomPointerEvent = window.PointerEvent;
    const jsdomElementFromPoint = document.elementFromPoint;
    // jsdom has no pointer events and lays nothing out: the target is named by hand.
    window.PointerEvent = class extends MouseEvent {
      pointerId: number;
      isPrimary: boolean;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.isPrimary = init.isPrimary ?? true;
      }
    } as unknown as typeof PointerEvent;
    try {
      renderPage();
      await fillDetails(user);
      await user.upload(screen.getByLabelText('Image'), [photo('front.png'), photo('back.png')]);
      const handle = within(card(2, 2)).getByRole('img', { name: 'Preview of the chosen image' }).parentElement as HTMLElement;
      document.elementFromPoint = () => card(1, 2);

      fireEvent.pointerDown(handle, { button: 0, clientX: 200, clientY: 10 });
      fireEvent.pointerMove(handle, { clientX: 20, clientY: 10 });
      fireEvent.pointerUp(handle, { clientX: 20, clientY: 10 });

      expectAnnounced('Photo 2 of 2 moved to position 1');
      expect(within(card(1, 2)).getByText('Chosen: back.png')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Add Product' }));
      await waitFor(() => expect(posts).toHaveLength(1));
      expect(posts[0].body).toMatchObject({ image: hosted('back.png'), images: [hosted('back.png'), hosted('front.png')] });
    } finally {
      window.PointerEvent = jsdomPointerEvent;
      document.elementFromPoint = jsdomElementFromPoint;
    }
  });

  it('removes a photo, moving the focus to the next one', async () => {
    const user = userEvent.setup({ delay: null });
    const { uploads, posts } = serveUploads();
    renderPage();

    await fillDetails(user);
    await user.upload(screen.getByLabelText('Image'), [photo('front.png'), photo('back.png'), photo('spine.png')]);
    await user.click(within(card(2, 3)).getByRole('button', { name: 'Remove' }));

    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('Chosen: back.png')).not.toBeInTheDocument();
    expect(within(card(2, 2)).getByRole('button', { name: 'Remove' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(uploads.map((upload) => upload.fileName)).toEqual(['front.png', 'spine.png']);
    expect(posts[0].body).toMatchObject({ image: hosted('front.png'), images: [hosted('front.png'), hosted('spine.png')] });
  });

  it('takes six photos and refuses a seventh, saying why', async () => {
    const user = userEvent.setup({ delay: null });
    const { uploads } = serveUploads();
    renderPage();
    const openPicker = jest.spyOn(screen.getByLabelText('Image'), 'click');

    await user.upload(screen.getByLabelText('Image'), [1, 2, 3, 4, 5, 6, 7].map((n) => photo(`p${n}.png`)));

    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    expect(screen.queryByText('Chosen: p7.png')).not.toBeInTheDocument();
    expect(screen.getByText('A listing takes up to 6 photos.')).toBeInTheDocument();

    // Full: the button says so at once instead of opening the picker.
    await user.click(within(card(6, 6)).getByRole('button', { name: 'Remove' }));
    expect(screen.queryByText('A listing takes up to 6 photos.')).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText('Image'), photo('p8.png'));
    openPicker.mockClear();
    await user.click(screen.getByRole('button', { name: 'Choose image' }));
    expect(openPicker).not.toHaveBeenCalled();
    expect(screen.getByText('A listing takes up to 6 photos.')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
  });

  it('takes a file chosen twice once', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    const front = photo('front.png');

    await user.upload(screen.getByLabelText('Image'), front);
    await user.upload(screen.getByLabelText('Image'), [front, photo('back.png')]);

    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getAllByText('Chosen: front.png')).toHaveLength(1);
  });

  it('counts a looked-up cover as one photo among the chosen ones, and a newer lookup replaces it in place', async () => {
    const user = userEvent.setup({ delay: null });
    const covers = ['first', 'second'].map((name) => `http://127.0.0.1:5000/image-host/i/${name}.webp`);
    let lookups = 0;
    server.use(
      http.get(`${API}/isbn/:isbn`, ({ params }) => {
        lookups += 1;
        return HttpResponse.json({ isbn13: params.isbn, title: 'Middlemarch', author: 'George Eliot', cover: covers[lookups - 1] });
      }),
    );
    const { posts } = serveUploads();
    renderPage();

    await user.upload(screen.getByLabelText('Image'), photo('front.png'));
    await enter(user, 'ISBN', '9780141439518');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await within(card(2, 2)).findByRole('img', { name: 'Cover found by the ISBN' })).toHaveAttribute('src', covers[0]);
    await user.clear(screen.getByLabelText('ISBN'));
    await enter(user, 'ISBN', '9780441013593');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    await waitFor(() => expect(within(card(2, 2)).getByRole('img', { name: 'Cover found by the ISBN' })).toHaveAttribute('src', covers[1]));

    // The seller makes it the cover.
    await user.click(within(card(2, 2)).getByRole('button', { name: 'Move earlier' }));
    expect(within(card(1, 2)).getByText('Cover')).toBeInTheDocument();
    await enter(user, /Resale price/, '7');
    await enter(user, /Phone/, '0123456789');
    await enter(user, /Location/, 'Dhaka');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toMatchObject({ image: covers[1], images: [covers[1], hosted('front.png')] });
  });

  it('marks a photo whose upload failed, and Retry sends only that one before posting', async () => {
    const user = userEvent.setup({ delay: null });
    const { uploads, posts } = serveUploads((fileName, attempt) =>
      fileName === 'back.png' && attempt === 1 ? HttpResponse.json({ message: 'The image host is busy' }, { status: 503 }) : undefined,
    );
    const { services } = renderPage();

    await fillDetails(user);
    await user.upload(screen.getByLabelText('Image'), [photo('front.png'), photo('back.png')]);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await within(card(2, 2)).findByText('The image could not be uploaded.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(within(card(1, 2)).queryByText('The image could not be uploaded.')).not.toBeInTheDocument();
    expect(within(card(1, 2)).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(posts).toHaveLength(0);
    expect(services.navigation.navigate).not.toHaveBeenCalled();

    await user.click(within(card(2, 2)).getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    // The cover went up the first time: only the failed photo is sent again.
    expect(uploads.map((upload) => upload.fileName)).toEqual(['front.png', 'back.png', 'back.png']);
    expect(posts[0].body).toMatchObject({ images: [hosted('front.png'), hosted('back.png')] });
    expect(services.navigation.navigate).toHaveBeenCalledWith('/dashboard/myproducts');
  });

  it('lets a failed photo be removed instead, and posts the rest', async () => {
    const user = userEvent.setup({ delay: null });
    const { uploads, posts } = serveUploads((fileName) =>
      fileName === 'back.png' ? HttpResponse.json({ message: 'The image host is busy' }, { status: 503 }) : undefined,
    );
    renderPage();

    await fillDetails(user);
    await user.upload(screen.getByLabelText('Image'), [photo('front.png'), photo('back.png')]);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await within(card(2, 2)).findByText('The image could not be uploaded.');
    await user.click(within(card(2, 2)).getByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(uploads.map((upload) => upload.fileName)).toEqual(['front.png', 'back.png']);
    expect(posts[0].body).toMatchObject({ image: hosted('front.png') });
    expect(posts[0].body).not.toHaveProperty('images');
  });
});

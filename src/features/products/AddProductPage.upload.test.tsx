import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { productsCopy } from './copy';
import { renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { AddProductForm } from './AddProductForm';
import { Component as AddProductPage } from './AddProductPage';
import { fillForm, recordProductCalls, serveCategories, uploadedUrl, withNodeFile } from './testSupport';

withNodeFile();
serveCategories();

describe('Add Product page: the image is checked before it is sent, and the upload can be cancelled', () => {
  const renderPage = () => renderWithProviders(<AddProductPage />, { preloadedState: signedInState({ isSeller: true }) });

  it('names the 5 MB limit for a larger image, shows no broken preview, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { uploads, posts } = recordProductCalls();
    renderPage();
    await fillForm(user);
    await user.upload(screen.getByLabelText('Image'), new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'scan.png', { type: 'image/png' }));

    expect(await screen.findByText(copy.products.tooLarge)).toBeInTheDocument();
    expect(copy.products.tooLarge).toContain('5 MB');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(uploads).toHaveLength(0);
    expect(posts).toHaveLength(0);
  });

  it('refuses a file that is not a PNG, JPEG, WebP or GIF image, without a preview', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const { uploads } = recordProductCalls();
    renderPage();
    await fillForm(user);
    await user.upload(screen.getByLabelText('Image'), new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));

    expect(await screen.findByText(productsCopy.wrongType)).toBeInTheDocument();
    // The PDF is the second photo: the refusal and no preview are on its card.
    const pdf = screen.getByRole('listitem', { name: 'Photo 2 of 2' });
    expect(within(pdf).getByText(productsCopy.wrongType)).toBeInTheDocument();
    expect(within(pdf).queryByRole('img', { name: productsCopy.preview })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(uploads).toHaveLength(0);
  });

  it('says what the image host takes before anything is chosen', () => {
    renderPage();
    expect(screen.getByText(productsCopy.imageRules)).toBeInTheDocument();
    expect(screen.getByLabelText('Image')).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp,image/gif');
  });

  it('Cancel stops the upload, keeps the form, posts nothing, and a new try works', async () => {
    const user = userEvent.setup({ delay: null });
    const abort = jest.spyOn(XMLHttpRequest.prototype, 'abort');
    let hold = true;
    const { uploads, posts } = recordProductCalls(async () => {
      if (hold) await new Promise(() => undefined);
      return HttpResponse.json({ success: true, status: 200, data: { url: uploadedUrl } });
    });
    renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Uploading image…');
    expect(status).toHaveTextContent('cover.png, 1 KB');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByText(productsCopy.uploadCancelled)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The upload itself was stopped, not only the wait for it.
    expect(abort).toHaveBeenCalledTimes(1);
    abort.mockRestore();
    expect(screen.getByLabelText(/Product name/)).toHaveValue('Dune');
    expect(screen.getByText('Chosen: cover.png')).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    hold = false;
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(uploads).toHaveLength(2);
  });

  it('a file the host still finds too large reads as the 5 MB limit, not the raw answer', async () => {
    const user = userEvent.setup({ delay: null });
    recordProductCalls(() => HttpResponse.json({ message: 'request file too large' }, { status: 413 }));
    renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(copy.products.tooLarge);
    expect(alert).not.toHaveTextContent('request file too large');
  });

  it('shows how much of the image has gone out once the browser says, with Cancel beside it', async () => {
    const onCancel = jest.fn();
    const { rerender } = render(<AddProductForm categories={[]} status="uploading" error={null} onSubmit={jest.fn()} onCancel={onCancel} />);
    // Before the first progress event: an in-progress bar.
    expect(screen.getByRole('progressbar', { name: productsCopy.uploading })).not.toHaveAttribute('aria-valuenow');
    rerender(<AddProductForm categories={[]} status="uploading" uploadPercent={42} error={null} onSubmit={jest.fn()} onCancel={onCancel} />);
    expect(screen.getByRole('progressbar', { name: 'Image 42% sent' })).toHaveAttribute('aria-valuenow', '42');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { productsCopy } from './copy';
import { failUntilFixed, FAILURES, failureSentence, runPastRetries } from '../../testing/failures';
import { renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { Component as AddProductPage } from './AddProductPage';
import { server } from '../../testing/server';
import { commissionHandler, enter } from './testSupport';

const categories = [{ _id: 'c1', name: 'Fiction', category_id: '1', category: 'fiction', img: '' }];

describe('Add Product when the categories cannot be loaded', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.setItem('accessToken', 't0k');
    server.use(commissionHandler());
  });
  afterEach(() => jest.useRealTimers());

  it.each(FAILURES)('API %s: says so under the select with Retry, and Retry brings them without losing what was typed', async (failure) => {
    const user = userEvent.setup({ delay: null, advanceTimers: jest.advanceTimersByTime });
    const api = failUntilFixed('/bookCatagories', failure, () => HttpResponse.json(categories));
    renderWithProviders(<AddProductPage />, { preloadedState: signedInState({ isSeller: true }) });
    await enter(user, /Product name/, 'Dune');
    await enter(user, /Location/, 'Dhaka');

    await runPastRetries();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${productsCopy.categoriesFailed} ${failureSentence[failure]}`);
    expect(within(screen.getByLabelText('Category')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      productsCopy.noCategory,
    ]);

    api.fix();
    await user.click(within(alert).getByRole('button', { name: copy.messages.retry }));
    expect(await screen.findByRole('option', { name: 'Fiction' })).toHaveValue('fiction');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Product name/)).toHaveValue('Dune');
    expect(screen.getByLabelText(/Location/)).toHaveValue('Dhaka');
  });
});

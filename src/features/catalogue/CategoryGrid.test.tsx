import { setupListeners } from '@reduxjs/toolkit/query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { attemptsOf, failThenAnswer, FAILURES, failureSentence, runPastRetries } from '../../testing/failures';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Category } from '../../types/entities';
import { CategoryGrid } from './CategoryGrid';

const fiction: Category = { _id: 'c1', name: 'Fiction', category_id: '1', category: 'fiction', img: 'https://img.example/fiction.jpg' };

describe('the home page categories when the API lets them down', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it.each(FAILURES)('API %s: says the categories failed (not that there are none), and Retry shows them without a reload', async (failure) => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const calls = failThenAnswer('/bookCatagories', failure, attemptsOf(failure), () => HttpResponse.json([fiction]));
    renderWithProviders(<CategoryGrid />);
    expect(screen.getByText(copy.loading)).toBeInTheDocument();

    await runPastRetries();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`${copy.home.categoriesFailed} ${failureSentence[failure]}`);
    expect(alert).not.toHaveTextContent('relation');
    expect(screen.queryByText(copy.home.noCategories)).not.toBeInTheDocument();
    expect(calls.count).toBe(attemptsOf(failure));

    await user.click(screen.getByRole('button', { name: copy.messages.retry }));
    expect(await screen.findByRole('link', { name: 'Fiction' })).toHaveAttribute('href', '/bookCatagoriesId/fiction');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the empty text for a list that is truly empty', async () => {
    jest.useRealTimers();
    server.use(http.get(`${API}/bookCatagories`, () => HttpResponse.json([])));
    renderWithProviders(<CategoryGrid />);
    expect(await screen.findByText(copy.home.noCategories)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the home page categories offline', () => {
  afterEach(() => jest.useRealTimers());

  it('says the browser is offline, and shows the categories by itself once the connection is back', async () => {
    jest.useFakeTimers();
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = failThenAnswer('/bookCatagories', 'refused', attemptsOf('refused'), () => HttpResponse.json([fiction]));
    const { store } = renderWithProviders(<CategoryGrid />);
    const unsubscribe = setupListeners(store.dispatch);
    try {
      await runPastRetries();
      expect(screen.getByRole('alert')).toHaveTextContent(`${copy.home.categoriesFailed} ${copy.messages.offline}`);

      onLine.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(await screen.findByRole('link', { name: 'Fiction' })).toBeInTheDocument();
      expect(calls.count).toBe(attemptsOf('refused') + 1);
    } finally {
      unsubscribe();
      onLine.mockRestore();
    }
  });
});

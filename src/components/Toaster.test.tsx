import { act, render, screen } from '@testing-library/react';
import { createSnackbarNotifier } from '../lib/notifier';
import { Toaster } from './Toaster';

// Records when notistack's code is first asked for.
const mockNotistack = { loaded: false };
jest.mock('notistack', () => {
  mockNotistack.loaded = true;
  return jest.requireActual<object>('notistack');
});

describe('Toaster', () => {
  it('loads nothing until the first toast is asked for, then shows it', async () => {
    render(<Toaster />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(mockNotistack.loaded).toBe(false);

    createSnackbarNotifier().notify('Booking Confirm', 'success');
    expect(await screen.findByText('Booking Confirm')).toBeInTheDocument();
    expect(mockNotistack.loaded).toBe(true);
  });
});

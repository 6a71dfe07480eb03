import { act, render, screen } from '@testing-library/react';
import { Toaster } from '../components/Toaster';
import { createSnackbarNotifier, MAX_TOASTS, TOAST_DURATION_MS } from './notifier';

/** Advance in small steps so notistack's chained exit timers all run. */
function tick(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 50) act(() => jest.advanceTimersByTime(50));
}

const flush = () => act(async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
});

describe('toasts', () => {
  afterEach(() => jest.useRealTimers());

  it('use the product timings: success 2000 ms, error and default 4000 ms, at most 20 at once', () => {
    expect(TOAST_DURATION_MS).toMatchObject({ success: 2000, error: 4000, default: 4000 });
    expect(MAX_TOASTS).toBe(20);
  });

  it('wait for the toaster to arrive, then a success leaves after 2 s while an error stays until 4 s', async () => {
    jest.useFakeTimers();
    const notifier = createSnackbarNotifier();
    // Asked for before notistack has loaded: nothing is lost.
    notifier.notify('Delete Successfully', 'success');
    notifier.notify('Something broke', 'error');
    render(<Toaster />);
    expect(await screen.findByText('Delete Successfully')).toBeInTheDocument();
    expect(screen.getByText('Something broke')).toBeInTheDocument();
    tick(3000);
    expect(screen.queryByText('Delete Successfully')).not.toBeInTheDocument();
    expect(screen.getByText('Something broke')).toBeInTheDocument();
    tick(2000);
    expect(screen.queryByText('Something broke')).not.toBeInTheDocument();
  });

  it('a loading toast stays until closed', async () => {
    jest.useFakeTimers();
    render(<Toaster />);
    const notifier = createSnackbarNotifier();
    const key = notifier.loading('Uploading image…');
    expect(await screen.findByText('Uploading image…')).toBeInTheDocument();
    tick(60_000);
    expect(screen.getByText('Uploading image…')).toBeInTheDocument();
    notifier.close(key);
    await flush();
    tick(1000);
    expect(screen.queryByText('Uploading image…')).not.toBeInTheDocument();
  });

  it('shows at most 20 at once', async () => {
    jest.useFakeTimers();
    render(<Toaster />);
    const notifier = createSnackbarNotifier();
    for (let i = 1; i <= 25; i += 1) notifier.notify(`toast ${i}`);
    await screen.findByText('toast 1');
    await flush();
    expect(screen.getAllByText(/^toast \d+$/)).toHaveLength(20);
  });
});

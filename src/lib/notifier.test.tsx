import { act, render, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { createSnackbarNotifier, MAX_TOASTS, TOAST_DURATION_MS } from './notifier';
import { AppProviders } from '../app/AppProviders';
import { setupStore } from '../app/store';
import { createFakeServices } from '../testing/fakeServices';

/** Advance in small steps so notistack's chained exit timers all run. */
function tick(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 50) act(() => jest.advanceTimersByTime(50));
}

describe('toasts', () => {
  afterEach(() => jest.useRealTimers());

  it('use the product timings: success 2000 ms, error and default 4000 ms, at most 20 at once', () => {
    expect(TOAST_DURATION_MS.success).toBe(2000);
    expect(TOAST_DURATION_MS.error).toBe(4000);
    expect(TOAST_DURATION_MS.default).toBe(4000);
    expect(MAX_TOASTS).toBe(20);
  });

  it('a success toast shows, then leaves after 2 s; an error stays until 4 s', () => {
    jest.useFakeTimers();
    const services = createFakeServices();
    render(
      <AppProviders store={setupStore(services)} services={services}>
        <p>page</p>
      </AppProviders>,
    );
    const notifier = createSnackbarNotifier();
    act(() => {
      notifier.notify('Delete Successfully', 'success');
      notifier.notify('Something broke', 'error');
    });
    expect(screen.getByText('Delete Successfully')).toBeInTheDocument();
    expect(screen.getByText('Something broke')).toBeInTheDocument();
    tick(3000);
    expect(screen.queryByText('Delete Successfully')).not.toBeInTheDocument();
    expect(screen.getByText('Something broke')).toBeInTheDocument();
    tick(2000);
    expect(screen.queryByText('Something broke')).not.toBeInTheDocument();
  });

  it('a loading toast stays until closed', () => {
    jest.useFakeTimers();
    render(<SnackbarProvider maxSnack={MAX_TOASTS} />);
    const notifier = createSnackbarNotifier();
    let key: string | number = '';
    act(() => {
      key = notifier.loading('Uploading image…');
    });
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByText('Uploading image…')).toBeInTheDocument();
    act(() => notifier.close(key));
    tick(1000);
    expect(screen.queryByText('Uploading image…')).not.toBeInTheDocument();
  });

  it('shows at most 20 at once', () => {
    jest.useFakeTimers();
    render(<SnackbarProvider maxSnack={MAX_TOASTS} />);
    const notifier = createSnackbarNotifier();
    act(() => {
      for (let i = 1; i <= 25; i += 1) notifier.notify(`toast ${i}`);
    });
    expect(screen.getAllByText(/^toast \d+$/)).toHaveLength(20);
  });
});

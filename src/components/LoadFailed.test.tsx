import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FailedNotice } from './LoadFailed';

describe('the failure notice', () => {
  it('keeps the keyboard focus on Retry while the retry runs, and ignores presses meanwhile', async () => {
    const onRetry = jest.fn();
    const { rerender } = render(<FailedNotice message="The categories could not be loaded." onRetry={onRetry} />);
    const retry = screen.getByRole('button', { name: 'Retry' });
    retry.focus();
    await userEvent.keyboard('{Enter}');
    expect(onRetry).toHaveBeenCalledTimes(1);

    rerender(<FailedNotice message="The categories could not be loaded." retrying onRetry={onRetry} />);
    expect(retry).toHaveFocus();
    expect(retry).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    expect(onRetry).toHaveBeenCalledTimes(1);

    rerender(<FailedNotice message="The categories could not be loaded." onRetry={onRetry} />);
    expect(retry).toHaveFocus();
  });
});

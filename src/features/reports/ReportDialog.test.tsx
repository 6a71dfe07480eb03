import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { reportsCopy } from './copy';
import { reportToasts } from './toasts';
import { axeViolations, setViewportWidth } from '../../testing/axe';
import { renderWithProviders, signedInState, signedOutState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { ReportButton } from './ReportButton';

interface Sent {
  body: unknown;
  authorization: string | null;
}

/** POST /reports answering `status` (201 with the new report by default); records what was sent. */
function serveReports(status = 201, message = 'Refused') {
  const sent: Sent[] = [];
  server.use(
    http.post(`${API}/reports`, async ({ request }) => {
      sent.push({ body: await request.json(), authorization: request.headers.get('authorization') });
      return status === 201 ? HttpResponse.json({ _id: 'r1', state: 'open' }, { status }) : HttpResponse.json({ message }, { status });
    }),
  );
  return sent;
}

const renderButton = (kind: 'book' | 'user' | 'message' | 'review' = 'book') => {
  localStorage.setItem('accessToken', 't0k');
  return renderWithProviders(<ReportButton kind={kind} id="x1" />, { preloadedState: signedInState() });
};

const openDialog = async (user: ReturnType<typeof userEvent.setup>, kind: 'book' | 'review' = 'book') => {
  await user.click(screen.getByRole('button', { name: reportsCopy.report[kind] }));
  return screen.findByRole('dialog', { name: reportsCopy.report[kind] });
};

describe('reporting something', () => {
  it('asks for a reason first, then sends the kind, the id, the reason and the words, and thanks the reporter', async () => {
    const sent = serveReports();
    const user = userEvent.setup();
    const { services } = renderButton();
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('button', { name: reportsCopy.send }));
    expect(await within(dialog).findByText(reportsCopy.reasonNeeded)).toBeInTheDocument();
    expect(sent).toEqual([]);

    // By keyboard: into the radio group, then along it with the arrow keys.
    act(() => within(dialog).getByRole('radio', { name: reportsCopy.reasons.fake }).focus());
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: reportsCopy.reasons.prohibited })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: reportsCopy.reasons.spam }));
    await user.type(within(dialog).getByRole('textbox', { name: reportsCopy.text }), '  Sells the same copy ten times.  ');
    await user.click(within(dialog).getByRole('button', { name: reportsCopy.send }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ body: { kind: 'book', id: 'x1', reason: 'spam', text: 'Sells the same copy ten times.' }, authorization: 'bearer t0k' }]);
    expect(services.notifier.notify).toHaveBeenCalledWith(reportToasts.sent, 'success');
  });

  it('leaves out words never written, and keeps them to 2,000 characters', async () => {
    const sent = serveReports();
    const user = userEvent.setup();
    renderButton('review');
    const dialog = await openDialog(user, 'review');
    await user.click(within(dialog).getByRole('radio', { name: reportsCopy.reasons.abuse }));
    const text = within(dialog).getByRole('textbox', { name: reportsCopy.text });
    await user.click(text);
    await user.paste('x'.repeat(2001));
    await user.click(within(dialog).getByRole('button', { name: reportsCopy.send }));
    expect(await within(dialog).findByText(copy.reviews.tooLong(2000))).toBeInTheDocument();
    await user.clear(text);
    await user.click(within(dialog).getByRole('button', { name: reportsCopy.send }));
    await waitFor(() => expect(sent).toEqual([{ body: { kind: 'review', id: 'x1', reason: 'abuse' }, authorization: 'bearer t0k' }]));
  });

  it('closes and says so when the reporter had reported it already (409)', async () => {
    serveReports(409, 'You already reported this');
    const user = userEvent.setup();
    const { services } = renderButton();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: reportsCopy.reasons.other }));
    await user.click(within(dialog).getByRole('button', { name: reportsCopy.send }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(services.notifier.notify).toHaveBeenCalledWith(reportToasts.already, 'info');
    expect(services.notifier.notify).not.toHaveBeenCalledWith(reportToasts.sent, 'success');
  });

  it('stays open with the reason of any other refusal', async () => {
    serveReports(400, 'You cannot report your own listing');
    const user = userEvent.setup();
    renderButton();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: reportsCopy.reasons.fake }));
    await user.click(within(dialog).getByRole('button', { name: reportsCopy.send }));
    expect(await within(dialog).findByText('You cannot report your own listing')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The focus goes back to the button that opened it.
    await waitFor(() => expect(screen.getByRole('button', { name: reportsCopy.report.book })).toHaveFocus());
  });

  it('is only for signed-in users', () => {
    renderWithProviders(<ReportButton kind="user" id="x1" />, { preloadedState: signedOutState() });
    expect(screen.queryByRole('button', { name: reportsCopy.report.user })).not.toBeInTheDocument();
  });

  it.each([390, 1280])('passes axe at %i px, with a refusal shown', async (width) => {
    const viewport = setViewportWidth(width);
    try {
      serveReports(400, 'You cannot report yourself');
      const user = userEvent.setup();
      renderButton();
      const dialog = await openDialog(user);
      await user.click(within(dialog).getByRole('button', { name: reportsCopy.send }));
      await within(dialog).findByText(reportsCopy.reasonNeeded);
      expect(await axeViolations()).toEqual([]);
      await user.click(within(dialog).getByRole('radio', { name: reportsCopy.reasons.fake }));
      await user.click(within(dialog).getByRole('button', { name: reportsCopy.send }));
      await within(dialog).findByText('You cannot report yourself');
      expect(await axeViolations()).toEqual([]);
    } finally {
      viewport.restore();
    }
  });
});

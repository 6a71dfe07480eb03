import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { badgeCopy } from './badgeCopy';
import { ReliableSellerBadge } from './ReliableSellerBadge';

function serveReliability(answer: () => Response) {
  const asked: string[] = [];
  server.use(
    http.get(`${API}/users/:id/reliability`, ({ request }) => {
      asked.push(new URL(request.url).pathname);
      return answer();
    }),
  );
  return asked;
}

describe('Reliable seller badge', () => {
  it('shows the badge and what it means for a seller who has it, asked for without a sign-in', async () => {
    const asked = serveReliability(() => HttpResponse.json({ badge: true, orders: 14, shippedOnTime: 1, disputed: 0 }));
    renderWithProviders(<ReliableSellerBadge sellerId="s 1" />);
    expect(await screen.findByText(badgeCopy.label)).toBeInTheDocument();
    expect(screen.getByText(badgeCopy.meaning)).toBeInTheDocument();
    expect(asked).toEqual(['/users/s%201/reliability']);
  });

  it.each([
    ['a seller without it', () => HttpResponse.json({ badge: false, orders: 3, shippedOnTime: 1, disputed: 0 })],
    ['someone who does not sell', () => HttpResponse.json({ message: 'No such seller' }, { status: 404 })],
  ])('shows nothing for %s', async (_who, answer) => {
    const asked = serveReliability(answer);
    const { container } = renderWithProviders(<ReliableSellerBadge sellerId="s1" />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(asked).toHaveLength(1);
    expect(screen.queryByText(badgeCopy.label)).not.toBeInTheDocument();
    expect(container).toBeEmptyDOMElement();
  });
});

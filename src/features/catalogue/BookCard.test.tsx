import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { BookCard } from './BookCard';
import { dune, emma } from './testBooks';

describe('BookCard', () => {
  const withNotes = { ...dune, condition: 'Good', description: 'Spine a little worn.\nNo notes inside.' };

  it('leads with the cover, then the title and the resale price, the original struck through', () => {
    renderWithProviders(<BookCard book={withNotes} onBook={jest.fn()} />);
    const card = screen.getByRole('article', { name: 'Dune' });
    const order = Array.from(card.querySelectorAll('img, h2, dd')).map((node) => node.tagName);
    expect(order.slice(0, 4)).toEqual(['IMG', 'H2', 'DD', 'DD']);
    const [resale, original] = Array.from(card.querySelectorAll('dd')).slice(0, 2);
    expect(resale).toHaveTextContent('$8');
    expect(original.querySelector('s')).toHaveTextContent('$20');
  });

  it('shows the whole cover in a portrait frame, a copy sized for the frame', () => {
    renderWithProviders(<BookCard book={withNotes} onBook={jest.fn()} />);
    const cover = screen.getByRole('img', { name: 'Dune' });
    expect(cover).toHaveAttribute('sizes', '240px');
    expect(cover).toHaveStyle({ objectFit: 'contain' });
  });

  it("shows the book's condition and the seller's description", () => {
    renderWithProviders(<BookCard book={withNotes} onBook={jest.fn()} />);
    const card = screen.getByRole('article', { name: 'Dune' });
    expect(within(card).getByText('Condition: Good')).toBeInTheDocument();
    expect(within(card).getByText(/Spine a little worn\./)).toBeInTheDocument();
  });

  it('leaves out condition and description when the seller gave none', async () => {
    const onBook = jest.fn();
    renderWithProviders(<BookCard book={emma} onBook={onBook} />);
    expect(screen.queryByText(/^Condition:/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(onBook).toHaveBeenCalledWith(emma);
  });
});

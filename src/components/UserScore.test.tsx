import { render, screen } from '@testing-library/react';
import { UserScore } from './UserScore';

describe('a user score', () => {
  it('shows stars, the average to one decimal with the count, and the share of orders completed', () => {
    const { container } = render(<UserScore score={{ average: 4.76, count: 12, completedShare: 0.955 }} />);
    expect(screen.getByRole('img', { name: 'Rated 4.8 of 5 by 12 reviews' })).toBeInTheDocument();
    expect(screen.getByText('4.8 (12)')).toBeInTheDocument();
    expect(screen.getByText('96% completed')).toBeInTheDocument();
    // Stars are filled to the nearest half: 4.76 draws five.
    expect(container.querySelectorAll('[data-testid="StarIcon"]')).toHaveLength(5);
  });

  it('draws half stars to the nearest half, and a whole number with its decimal', () => {
    const { container } = render(<UserScore score={{ average: 4.3, count: 1, completedShare: null }} />);
    expect(container.querySelectorAll('[data-testid="StarIcon"]')).toHaveLength(4);
    expect(container.querySelectorAll('[data-testid="StarHalfIcon"]')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Rated 4.3 of 5 by 1 review' })).toBeInTheDocument();
    expect(screen.queryByText(/completed/)).not.toBeInTheDocument();
    render(<UserScore score={{ average: 5, count: 3, completedShare: 1 }} />);
    expect(screen.getByText('5.0 (3)')).toBeInTheDocument();
  });

  it('says "No reviews yet" without reviews, still with the share completed', () => {
    render(<UserScore score={{ average: null, count: 0, completedShare: 0.5 }} />);
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
    expect(screen.getByText('50% completed')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('names a reliable seller, and no one else', () => {
    render(<UserScore score={{ average: 4.9, count: 30, completedShare: 1, reliable: true }} />);
    expect(screen.getByText('Reliable seller')).toBeInTheDocument();
    render(<UserScore score={{ average: 4.9, count: 30, completedShare: 1 }} />);
    expect(screen.getAllByText('Reliable seller')).toHaveLength(1);
  });

  it('shows nothing for an answer without a score (older ones)', () => {
    const { container } = render(<UserScore score={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});

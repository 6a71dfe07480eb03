import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Category } from '../../types/entities';
import { HomePage } from './HomePage';
import { firstSlideImage } from './firstSlideImage';

const categories: Category[] = [
  { _id: 'c1', name: 'Fiction', category_id: '1', category: 'fiction', img: 'https://img.example/fiction.jpg' },
  { _id: 'c2', name: 'Science & Nature', category_id: '2', category: 'science nature', img: 'https://img.example/science.jpg' },
];

const slideTitles = copy.home.slides.map((slide) => slide.title);

/** The one slide a screen reader can reach. */
const visibleSlide = () => screen.getByRole('group', { name: /of 4$/ });

function answerCategories(resolver: () => Response) {
  server.use(http.get(`${API}/bookCatagories`, resolver));
}

describe('HomePage', () => {
  it('shows the first slide with its texts over a non-lazy image, the others lazy', async () => {
    answerCategories(() => HttpResponse.json([]));
    renderWithProviders(<HomePage />);

    const carousel = screen.getByRole('region', { name: copy.home.carouselLabel });
    expect(within(visibleSlide()).getByRole('heading', { level: 2, name: slideTitles[0] })).toBeInTheDocument();
    expect(within(visibleSlide()).getByText(copy.home.slides[0].text)).toBeInTheDocument();
    const images = carousel.querySelectorAll('img');
    expect([...images].map((img) => [img.getAttribute('src'), img.getAttribute('loading')])).toEqual([
      [firstSlideImage, 'eager'], // written into the page: paints with the HTML
      ['/images/slide-2.svg', 'lazy'],
      ['/images/slide-3.svg', 'lazy'],
      ['/images/slide-4.svg', 'lazy'],
    ]);
    expect(await screen.findByText(copy.home.noCategories)).toBeInTheDocument();
  });

  it('cycles forward and wraps from slide 4 to slide 1, and back from slide 1 to slide 4', async () => {
    answerCategories(() => HttpResponse.json([]));
    const user = userEvent.setup();
    renderWithProviders(<HomePage />);
    const next = screen.getByRole('button', { name: copy.home.nextSlide });
    const previous = screen.getByRole('button', { name: copy.home.previousSlide });

    for (const expected of [1, 2, 3]) {
      await user.click(next);
      expect(visibleSlide()).toHaveAccessibleName(`${expected + 1} of 4`);
      expect(within(visibleSlide()).getByRole('heading')).toHaveTextContent(slideTitles[expected]);
    }
    await user.click(next);
    expect(visibleSlide()).toHaveAccessibleName('1 of 4');
    expect(within(visibleSlide()).getByRole('heading')).toHaveTextContent(slideTitles[0]);

    await user.click(previous);
    expect(visibleSlide()).toHaveAccessibleName('4 of 4');
    expect(within(visibleSlide()).getByRole('heading')).toHaveTextContent(slideTitles[3]);
  });

  it('jumps to a slide from its dot and marks that dot current', async () => {
    answerCategories(() => HttpResponse.json([]));
    const user = userEvent.setup();
    renderWithProviders(<HomePage />);

    await user.click(screen.getByRole('button', { name: 'Go to slide 3' }));

    expect(within(visibleSlide()).getByRole('heading')).toHaveTextContent(slideTitles[2]);
    expect(screen.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Go to slide 1' })).not.toHaveAttribute('aria-current');
  });

  it("shows the 'Book Catagory' heading and one card per category linking to its books", async () => {
    answerCategories(() => HttpResponse.json(categories));
    renderWithProviders(<HomePage />);

    expect(screen.getByRole('heading', { level: 2, name: 'Book Catagory' })).toBeInTheDocument();
    const fiction = await screen.findByRole('link', { name: 'Fiction' });
    expect(fiction).toHaveAttribute('href', '/bookCatagoriesId/fiction');
    expect(fiction.querySelector('img')).toHaveAttribute('src', 'https://img.example/fiction.jpg');
    const science = screen.getByRole('link', { name: 'Science & Nature' });
    expect(science).toHaveAttribute('href', '/bookCatagoriesId/science%20nature');
    expect(science.querySelector('img')).toHaveAttribute('src', 'https://img.example/science.jpg');
    expect(screen.queryByText(copy.home.noCategories)).not.toBeInTheDocument();
  });

  it('shows loading placeholders until the categories arrive', async () => {
    answerCategories(() => HttpResponse.json(categories));
    renderWithProviders(<HomePage />);

    expect(screen.getByText(copy.loading)).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Fiction' });
    expect(screen.queryByText(copy.loading)).not.toBeInTheDocument();
  });

  it("shows the static 'Life hack' card with its tips", async () => {
    answerCategories(() => HttpResponse.json([]));
    renderWithProviders(<HomePage />);

    const card = screen.getByRole('region', { name: 'Life hack' });
    const tips = within(card).getAllByRole('listitem').map((item) => item.textContent);
    expect(tips).toEqual(copy.home.lifeHackTips);
    await screen.findByText(copy.home.noCategories);
  });
});

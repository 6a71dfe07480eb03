import { act, fireEvent, render, screen } from '@testing-library/react';
import { AUTO_ADVANCE_MS, HeroCarousel, type Slide } from './HeroCarousel';

const slides: Slide[] = [1, 2, 3, 4].map((n) => ({ title: `Title ${n}`, text: `Text ${n}`, image: `/images/slide-${n}.svg` }));

const visibleTitle = () => screen.getByRole('group', { name: /of 4$/ }).querySelector('h2')?.textContent;

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = jest.fn((query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    addListener: jest.fn(),
    removeListener: jest.fn(),
    dispatchEvent: jest.fn(),
  }));
}

const originalMatchMedia = window.matchMedia;

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  window.matchMedia = originalMatchMedia;
});

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

describe('HeroCarousel auto-advance', () => {
  it('moves to the next slide every interval and wraps after the last', () => {
    render(<HeroCarousel slides={slides} />);
    expect(visibleTitle()).toBe('Title 1');

    advance(AUTO_ADVANCE_MS - 1);
    expect(visibleTitle()).toBe('Title 1');
    advance(1);
    expect(visibleTitle()).toBe('Title 2');
    advance(AUTO_ADVANCE_MS);
    advance(AUTO_ADVANCE_MS);
    expect(visibleTitle()).toBe('Title 4');
    advance(AUTO_ADVANCE_MS);
    expect(visibleTitle()).toBe('Title 1');
  });

  it('pauses while hovered and resumes when the pointer leaves', () => {
    render(<HeroCarousel slides={slides} />);
    const carousel = screen.getByRole('region');

    fireEvent.mouseEnter(carousel);
    advance(AUTO_ADVANCE_MS * 3);
    expect(visibleTitle()).toBe('Title 1');

    fireEvent.mouseLeave(carousel);
    advance(AUTO_ADVANCE_MS);
    expect(visibleTitle()).toBe('Title 2');
  });

  it('pauses while a control has keyboard focus', () => {
    render(<HeroCarousel slides={slides} />);

    act(() => screen.getByRole('button', { name: 'Go to slide 2' }).focus());
    advance(AUTO_ADVANCE_MS * 3);
    expect(visibleTitle()).toBe('Title 1');
    // The announcements are on while the user drives the slides.
    expect(screen.getByRole('group', { name: '1 of 4' }).parentElement).toHaveAttribute('aria-live', 'polite');

    act(() => screen.getByRole('button', { name: 'Go to slide 2' }).blur());
    advance(AUTO_ADVANCE_MS);
    expect(visibleTitle()).toBe('Title 2');
  });

  it('does not move on its own when the user prefers reduced motion', () => {
    mockReducedMotion(true);
    render(<HeroCarousel slides={slides} />);

    advance(AUTO_ADVANCE_MS * 5);
    expect(visibleTitle()).toBe('Title 1');
  });

  it('keeps moving when reduced motion is not requested', () => {
    mockReducedMotion(false);
    render(<HeroCarousel slides={slides} />);

    advance(AUTO_ADVANCE_MS);
    expect(visibleTitle()).toBe('Title 2');
  });
});

describe('HeroCarousel pause and keys', () => {
  it('stops for good with Pause, and moves again with Play', () => {
    render(<HeroCarousel slides={slides} />);
    const pause = screen.getByRole('button', { name: 'Pause slideshow' });
    act(() => pause.click());
    act(() => screen.getByRole('button', { name: 'Play slideshow' }).blur());
    advance(AUTO_ADVANCE_MS * 3);
    expect(visibleTitle()).toBe('Title 1');

    act(() => screen.getByRole('button', { name: 'Play slideshow' }).click());
    act(() => screen.getByRole('button', { name: 'Pause slideshow' }).blur());
    advance(AUTO_ADVANCE_MS);
    expect(visibleTitle()).toBe('Title 2');
  });

  it('starts paused when the user prefers reduced motion, and Play starts it', () => {
    mockReducedMotion(true);
    render(<HeroCarousel slides={slides} />);
    act(() => screen.getByRole('button', { name: 'Play slideshow' }).click());
    act(() => screen.getByRole('button', { name: 'Pause slideshow' }).blur());
    advance(AUTO_ADVANCE_MS);
    expect(visibleTitle()).toBe('Title 2');
  });

  it('moves with the arrow keys while it has the focus, wrapping both ways', () => {
    render(<HeroCarousel slides={slides} />);
    const next = screen.getByRole('button', { name: 'Next slide' });
    act(() => next.focus());
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(visibleTitle()).toBe('Title 4');
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(visibleTitle()).toBe('Title 2');
    expect(screen.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
  });
});

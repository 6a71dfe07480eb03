import { act } from '@testing-library/react';

/**
 * jsdom has no layout, so no IntersectionObserver. This stand-in lets a test say which elements
 * came near the viewport or left it (`scrollNear`, `scrollAway`), as scrolling would in a browser.
 * Like a browser's, an observer that starts watching an element whose place is known reports it
 * once, soon after.
 */
class FakeIntersectionObserver implements IntersectionObserver {
  readonly root = null;
  readonly rootMargin: string;
  readonly thresholds = [0];
  readonly scrollMargin = '0px';
  readonly elements = new Set<Element>();

  constructor(
    private readonly callback: IntersectionObserverCallback,
    options: IntersectionObserverInit = {},
  ) {
    this.rootMargin = options.rootMargin ?? '0px';
    live.add(this);
  }

  observe(element: Element): void {
    this.elements.add(element);
    const place = places.get(element);
    if (place) {
      setTimeout(() => {
        if (this.elements.has(element)) act(() => this.report(element, place.isIntersecting, place.height));
      });
    }
  }

  unobserve(element: Element): void {
    this.elements.delete(element);
  }

  disconnect(): void {
    this.elements.clear();
    live.delete(this);
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  report(element: Element, isIntersecting: boolean, height: number): void {
    const rect = { x: 0, y: 0, top: 0, left: 0, bottom: height, right: 0, width: 0, height, toJSON: () => ({}) };
    const entry: IntersectionObserverEntry = {
      target: element,
      isIntersecting,
      intersectionRatio: isIntersecting ? 1 : 0,
      boundingClientRect: rect,
      intersectionRect: rect,
      rootBounds: null,
      time: 0,
    };
    this.callback([entry], this);
  }
}

const live = new Set<FakeIntersectionObserver>();
/** Where each element was last said to be. */
let places = new WeakMap<Element, { isIntersecting: boolean; height: number }>();

function report(element: Element, isIntersecting: boolean, height: number): void {
  places.set(element, { isIntersecting, height });
  const watching = [...live].filter((observer) => observer.elements.has(element));
  if (watching.length === 0) throw new Error('nothing observes this element');
  act(() => {
    for (const observer of watching) observer.report(element, isIntersecting, height);
  });
}

/** Installs the stand-in for the current test file; answers what a test can do with it. */
export function installIntersectionObserver() {
  const original = globalThis.IntersectionObserver;
  beforeEach(() => {
    live.clear();
    places = new WeakMap();
    globalThis.IntersectionObserver = FakeIntersectionObserver;
  });
  afterEach(() => {
    globalThis.IntersectionObserver = original;
  });
  return {
    /** The element came within the observer's margin of the viewport. */
    scrollNear: (element: Element) => report(element, true, 0),
    /** The element left the margin; `height` is how tall it was then. */
    scrollAway: (element: Element, height = 0) => report(element, false, height),
    /** Whether any observer is watching the element. */
    isObserved: (element: Element) => [...live].some((observer) => observer.elements.has(element)),
  };
}

import { useEffect, useRef, useState, type RefObject } from 'react';

const observing = () => typeof IntersectionObserver !== 'undefined';

export interface Nearness {
  /** Within the margin of the viewport (always, where IntersectionObserver is missing). */
  near: boolean;
  /** The element's height when it last went out of reach, to keep its place meanwhile. */
  height?: number;
}

/**
 * Whether an element is within `margin` of the viewport. A list renders only the parts near it
 * and keeps each other part's place with an empty box of the height it had when it left.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, margin: string): Nearness {
  const [state, setState] = useState<Nearness>({ near: true });
  useEffect(() => {
    const element = ref.current;
    if (!element || !observing()) return undefined;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        setState((previous) => {
          if (entry.isIntersecting) return previous.near ? previous : { near: true, height: previous.height };
          // Measured while still rendered, so the empty box takes exactly its place.
          return previous.near ? { near: false, height: entry.boundingClientRect.height } : previous;
        });
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin]);
  return state;
}

/**
 * Calls `onNear` whenever the element comes within `margin` of the viewport, and again each time
 * `generation` changes while it is still there (a page arrived, and the end is still in sight).
 */
export function useWhenNear(ref: RefObject<HTMLElement | null>, margin: string, onNear: () => void, generation: unknown): void {
  const callback = useRef(onNear);
  useEffect(() => {
    callback.current = onNear;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element || !observing()) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, generation]);
}

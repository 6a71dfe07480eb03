/** The skeletons on screen (MUI's `Skeleton`), found by class: they have no role, by design. */
export const skeletons = (): Element[] => Array.from(document.querySelectorAll('.MuiSkeleton-root'));

/** Each skeleton sits inside an `aria-hidden` part of the page: screen readers hear the progress bar instead. */
export const allHidden = (found: Element[]): boolean => found.every((skeleton) => skeleton.closest('[aria-hidden="true"]') !== null);

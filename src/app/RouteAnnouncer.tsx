import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { copy } from '../config/copy';
import { visuallyHidden } from '../lib/visuallyHidden';

/** The live region's id (tests find it by it: it has no role, so it is not one more `status`). */
export const ANNOUNCER_ID = 'route-announcer';

/** How long a new page may take to show its heading (its chunk and data first) before we give up. */
const HEADING_WAIT_MS = 15_000;

/** The document's title for a page whose main heading reads `heading`. */
export function titleFor(heading: string): string {
  const text = heading.replace(/\s+/g, ' ').trim();
  return !text || text === copy.brand.name ? copy.brand.name : `${text} · ${copy.brand.name}`;
}

const mainHeading = () => document.querySelector<HTMLElement>('main h1');

/**
 * What a screen reader and the tab key need when the page changes without a page load:
 * - every page titles the document after its main heading (kept in step when the heading changes);
 * - after a navigation (not the first load), the focus moves to the new page's heading, and its
 *   name is announced politely, once the page has drawn it (after its chunk and data).
 * Renders only an empty live region, the same on the server and in the browser.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const firstPath = useRef(pathname);

  // The title follows the heading wherever it comes from (a page that loads, a book's name).
  useEffect(() => {
    const sync = () => {
      const heading = mainHeading();
      if (heading) {
        const title = titleFor(heading.textContent ?? '');
        if (document.title !== title) document.title = title;
      }
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (pathname === firstPath.current) return undefined;
    firstPath.current = ''; // from now on every path is a navigation, the first one included
    let observer: MutationObserver | undefined;
    const arrive = (heading: HTMLElement) => {
      observer?.disconnect();
      window.clearTimeout(timer);
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: false });
      setAnnouncement(heading.textContent?.trim() ?? '');
    };
    const timer = window.setTimeout(() => observer?.disconnect(), HEADING_WAIT_MS);
    const heading = mainHeading();
    if (heading) arrive(heading);
    else {
      observer = new MutationObserver(() => {
        const shown = mainHeading();
        if (shown) arrive(shown);
      });
      observer.observe(document.body, { childList: true, subtree: true });
    }
    return () => {
      observer?.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);

  return (
    <Box id={ANNOUNCER_ID} aria-live="polite" aria-atomic="true" sx={visuallyHidden}>
      {announcement}
    </Box>
  );
}

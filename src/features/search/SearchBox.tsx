import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import { argsFromParams, paramsFromArgs } from './searchParams';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The navbar's search: Enter opens `/search?q=…` (keeping the filters when already searching);
 * `/` anywhere outside a field focuses it. A plain input, so the first paint stays light.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const onSearchPage = location.pathname === paths.search;
  const current = onSearchPage ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [text, setText] = useState(current);

  // Back and Forward on the search page show the searched words.
  useEffect(() => setText(current), [current]);

  useEffect(() => {
    const focusOnSlash = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      event.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', focusOnSlash);
    return () => window.removeEventListener('keydown', focusOnSlash);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filters = onSearchPage ? argsFromParams(new URLSearchParams(location.search)) : {};
    const query = paramsFromArgs({ ...filters, q: text.trim() || undefined, sort: undefined }).toString();
    void navigate(query ? `${paths.search}?${query}` : paths.search);
  };

  return (
    <Box
      component="form"
      role="search"
      // Before the app is live (prerendered page), the browser's own submit opens the same search.
      action={paths.search}
      method="get"
      onSubmit={submit}
      sx={{ display: 'flex', alignItems: 'center', bgcolor: 'rgba(255,255,255,0.15)', borderRadius: 1, px: 1, flex: '0 1 320px', minWidth: 160 }}
    >
      <SearchIcon fontSize="small" aria-hidden />
      <Box
        component="input"
        ref={input}
        type="search"
        name="q"
        aria-label={copy.search.label}
        aria-keyshortcuts="/"
        placeholder={copy.search.placeholder}
        value={text}
        maxLength={200}
        onChange={(event: ChangeEvent<HTMLInputElement>) => setText(event.target.value)}
        sx={{
          flex: 1, minWidth: 0, border: 0, outline: 0, bgcolor: 'transparent', color: 'inherit', font: 'inherit', py: 1, px: 1,
          '&::placeholder': { color: 'inherit', opacity: 0.8 },
        }}
      />
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FormSelectField } from '../../components/FormField';
import { PageLoading } from '../../components/PageProgress';
import { copy } from '../../config/copy';
import { WantButton } from '../wants/WantButton';
import { ResultCard } from './ResultCard';
import { SearchFilters } from './SearchFilters';
import { SearchFiltersButton } from './SearchFiltersButton';
import { useSearchBooksInfiniteQuery } from './searchApi';
import { argsFromParams, hasFilters, paramsFromArgs, queryWords, SORTS, type SearchArgs, type SearchSort } from './searchParams';

/** Covers of the first results load at once: they are on the first screen. */
const EAGER_COVERS = 2;

/** `/search?q=…`: results with filters and a sort, all kept in the URL. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the query string is the search's identity
  const args = useMemo(() => argsFromParams(params), [key]);
  const words = useMemo(() => queryWords(args.q), [args.q]);
  const { data, isLoading, isFetching, isFetchingNextPage, isError, hasNextPage, fetchNextPage, refetch } =
    useSearchBooksInfiniteQuery(args);
  const books = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const total = data?.pages[0]?.total ?? 0;
  const more = data?.pages[0]?.totalCapped === true;

  const search = (next: SearchArgs) => setParams(paramsFromArgs(next));
  const sort: SearchSort = args.sort ?? (args.q ? 'relevance' : 'newest');

  useEffect(() => {
    document.title = `${args.q ? copy.search.titleFor(args.q) : copy.search.title} · ${copy.brand.name}`;
  }, [args.q]);

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography component="h1" variant="h2" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        {args.q ? copy.search.titleFor(args.q) : copy.search.title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '280px 1fr' }, alignItems: 'start' }}>
        {/* A phone starts with the results: its filters wait behind a button (SearchFiltersButton). */}
        <Box component="aside" sx={{ display: { xs: 'none', sm: 'block' } }}>
          <SearchFilters args={args} onChange={search} />
        </Box>
        <Box component="section" aria-labelledby="search-results-count">
          <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
            <Typography id="search-results-count" role="status" aria-live="polite">
              {data ? copy.search.count(total, more) : ''}
            </Typography>
            <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
              <SearchFiltersButton args={args} onChange={search} />
            </Box>
            <FormSelectField
              size="small"
              label={copy.search.sort}
              name="sort"
              value={sort}
              onChange={(event) => search({ ...args, sort: event.target.value as SearchSort })}
              sx={{ minWidth: 200 }}
            >
              {SORTS.map((option) => (
                <option key={option} value={option}>
                  {copy.search.sorts[option]}
                </option>
              ))}
            </FormSelectField>
          </Stack>
          {isLoading && <PageLoading />}
          {isError && !isFetching && (
            <Alert severity="error" action={<Button onClick={() => void refetch()}>{copy.search.retry}</Button>}>
              {copy.search.failed}
            </Alert>
          )}
          {data && books.length === 0 && (
            <Box sx={{ py: 4 }}>
              <Typography sx={{ fontWeight: 600 }}>{copy.search.empty}</Typography>
              <Typography color="text.secondary">{hasFilters(args) ? copy.search.emptyHint : copy.search.emptyNoFilters}</Typography>
              {hasFilters(args) && (
                <Button sx={{ mt: 1 }} onClick={() => search({ q: args.q, sort: args.sort })}>
                  {copy.search.clearFilters}
                </Button>
              )}
              {/* One button per search: a want saved for one search is not another's. */}
              {args.q && <WantButton key={key} search={{ ...args, q: args.q }} />}
            </Box>
          )}
          <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {books.map((book, index) => (
              <li key={book._id}>
                <ResultCard book={book} words={words} eager={index < EAGER_COVERS} />
              </li>
            ))}
          </Stack>
          {books.length > 0 && (
            <Stack sx={{ mt: 3, alignItems: 'center' }} spacing={1}>
              <Typography variant="body2" color="text.secondary">
                {copy.search.shown(books.length, total, more)}
              </Typography>
              {hasNextPage && (
                <Button variant="outlined" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                  {isFetchingNextPage ? copy.search.loadingMore : copy.search.loadMore}
                </Button>
              )}
            </Stack>
          )}
        </Box>
      </Box>
    </Container>
  );
}

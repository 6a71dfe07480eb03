import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useGetCategoriesQuery } from '../../api/categoriesApi';
import { copy } from '../../config/copy';
import { hasFilters, type SearchArgs } from './searchParams';

const PRICE = /^\d{1,6}(\.\d{1,2})?$/;

interface Props {
  args: SearchArgs;
  /** A new search: the page puts it in the URL. */
  onChange(next: SearchArgs): void;
}

/**
 * Category and condition apply at once; prices and location on Apply (or Enter). The page gives
 * this form a new key whenever the URL changes, so Back and Forward show the URL's values.
 */
export function SearchFilters({ args, onChange }: Props) {
  const { data: categories = [] } = useGetCategoriesQuery();
  const [minPrice, setMinPrice] = useState(args.minPrice ?? '');
  const [maxPrice, setMaxPrice] = useState(args.maxPrice ?? '');
  const [location, setLocation] = useState(args.location ?? '');
  const badMin = minPrice !== '' && !PRICE.test(minPrice);
  const badMax = maxPrice !== '' && !PRICE.test(maxPrice);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (badMin || badMax) return;
    onChange({ ...args, minPrice: minPrice || undefined, maxPrice: maxPrice || undefined, location: location.trim() || undefined });
  };

  return (
    <Stack component="form" spacing={2} onSubmit={apply} aria-labelledby="search-filters-title" noValidate>
      <Typography id="search-filters-title" component="h2" variant="h6">
        {copy.search.filters}
      </Typography>
      <TextField
        select
        label={copy.search.category}
        value={args.category ?? ''}
        onChange={(event) => onChange({ ...args, category: event.target.value || undefined })}
      >
        <MenuItem value="">{copy.search.anyCategory}</MenuItem>
        {categories.map((category) => (
          <MenuItem key={category._id} value={category.category}>
            {category.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={copy.search.condition}
        value={args.condition ?? ''}
        onChange={(event) => onChange({ ...args, condition: event.target.value || undefined })}
      >
        <MenuItem value="">{copy.search.anyCondition}</MenuItem>
        {copy.products.conditions.map((condition) => (
          <MenuItem key={condition} value={condition}>
            {condition}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={1}>
        <TextField
          label={copy.search.minPrice}
          value={minPrice}
          onChange={(event) => setMinPrice(event.target.value.trim())}
          error={badMin}
          helperText={badMin ? copy.search.badPrice : undefined}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          label={copy.search.maxPrice}
          value={maxPrice}
          onChange={(event) => setMaxPrice(event.target.value.trim())}
          error={badMax}
          helperText={badMax ? copy.search.badPrice : undefined}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Stack>
      <TextField label={copy.search.location} value={location} onChange={(event) => setLocation(event.target.value)} />
      <Button type="submit" variant="contained">
        {copy.search.apply}
      </Button>
      {hasFilters(args) && (
        <Button onClick={() => onChange({ q: args.q, sort: args.sort })}>{copy.search.clearFilters}</Button>
      )}
    </Stack>
  );
}

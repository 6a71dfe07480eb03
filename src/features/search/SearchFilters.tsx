import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useGetCategoriesQuery } from '../../api/categoriesApi';
import { FormSelectField, FormTextField } from '../../components/FormField';
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
      <FormSelectField
        label={copy.search.category}
        name="category"
        value={args.category ?? ''}
        onChange={(event) => onChange({ ...args, category: event.target.value || undefined })}
      >
        <option value="">{copy.search.anyCategory}</option>
        {categories.map((category) => (
          <option key={category._id} value={category.category}>
            {category.name}
          </option>
        ))}
      </FormSelectField>
      <FormSelectField
        label={copy.search.condition}
        name="condition"
        value={args.condition ?? ''}
        onChange={(event) => onChange({ ...args, condition: event.target.value || undefined })}
      >
        <option value="">{copy.search.anyCondition}</option>
        {copy.products.conditions.map((condition) => (
          <option key={condition} value={condition}>
            {condition}
          </option>
        ))}
      </FormSelectField>
      <Stack direction="row" spacing={1}>
        <FormTextField
          label={copy.search.minPrice}
          name="minPrice"
          value={minPrice}
          onChange={(event) => setMinPrice(event.target.value.trim())}
          error={badMin}
          helperText={badMin ? copy.search.badPrice : undefined}
          inputMode="decimal"
        />
        <FormTextField
          label={copy.search.maxPrice}
          name="maxPrice"
          value={maxPrice}
          onChange={(event) => setMaxPrice(event.target.value.trim())}
          error={badMax}
          helperText={badMax ? copy.search.badPrice : undefined}
          inputMode="decimal"
        />
      </Stack>
      <FormTextField label={copy.search.location} name="location" value={location} onChange={(event) => setLocation(event.target.value)} />
      <Button type="submit" variant="contained">
        {copy.search.apply}
      </Button>
      {hasFilters(args) && (
        <Button onClick={() => onChange({ q: args.q, sort: args.sort })}>{copy.search.clearFilters}</Button>
      )}
    </Stack>
  );
}

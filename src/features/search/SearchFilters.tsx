import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useGetCategoriesQuery } from '../../api/categoriesApi';
import { FormSelectField, FormTextField } from '../../components/FormField';
import { copy } from '../../config/copy';
import { hasFilters, type SearchArgs } from './searchParams';

const PRICE = /^\d{1,6}(\.\d{1,2})?$/;

interface Props {
  args: SearchArgs;
  /** A new search: the page puts it in the URL. */
  onChange(next: SearchArgs): void;
  /**
   * Every choice waits for Apply (the phone's filters dialog, which closes on it), and Clear is
   * always there. Without it category and condition apply at once, beside the results.
   */
  staged?: boolean;
  /** The id of the heading that names the form when it is not its own (the dialog's title). */
  labelledBy?: string;
}

/**
 * Category and condition apply at once; prices and location on Apply (or Enter).
 *
 * When the URL changes (a choice here, Back, Forward) each field whose value in the URL changed
 * takes it, and the others keep what is typed in them. The router draws a new URL a moment after
 * the address bar shows it, so a price typed just after picking a condition must survive it.
 */
export function SearchFilters({ args, onChange, staged = false, labelledBy }: Props) {
  const titleId = useId();
  const { data: categories = [] } = useGetCategoriesQuery();
  const [category, setCategory] = useState(args.category ?? '');
  const [condition, setCondition] = useState(args.condition ?? '');
  const [minPrice, setMinPrice] = useState(args.minPrice ?? '');
  const [maxPrice, setMaxPrice] = useState(args.maxPrice ?? '');
  const [location, setLocation] = useState(args.location ?? '');
  const [seen, setSeen] = useState(args);
  if (seen !== args) {
    // React's pattern for state that follows a prop: set while rendering, drawn once.
    setSeen(args);
    if (seen.category !== args.category) setCategory(args.category ?? '');
    if (seen.condition !== args.condition) setCondition(args.condition ?? '');
    if (seen.minPrice !== args.minPrice) setMinPrice(args.minPrice ?? '');
    if (seen.maxPrice !== args.maxPrice) setMaxPrice(args.maxPrice ?? '');
    if (seen.location !== args.location) setLocation(args.location ?? '');
  }
  const badMin = minPrice !== '' && !PRICE.test(minPrice);
  const badMax = maxPrice !== '' && !PRICE.test(maxPrice);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (badMin || badMax) return;
    onChange({
      ...args,
      category: category || undefined,
      condition: condition || undefined,
      minPrice: minPrice || undefined,
      maxPrice: maxPrice || undefined,
      location: location.trim() || undefined,
    });
  };
  /** A select's choice: at once beside the results, on Apply in the dialog. */
  const choose = (set: (value: string) => void, key: 'category' | 'condition') => (value: string) => {
    set(value);
    if (!staged) onChange({ ...args, [key]: value || undefined });
  };
  const chooseCategory = choose(setCategory, 'category');
  const chooseCondition = choose(setCondition, 'condition');
  const clearAll = () => {
    // What is typed and not applied goes too.
    for (const set of [setCategory, setCondition, setMinPrice, setMaxPrice, setLocation]) set('');
    onChange({ q: args.q, sort: args.sort });
  };
  const clear = <Button onClick={clearAll}>{copy.search.clearFilters}</Button>;

  return (
    <Stack component="form" spacing={2} onSubmit={apply} aria-labelledby={labelledBy ?? titleId} noValidate>
      {!labelledBy && (
        <Typography id={titleId} component="h2" variant="h6">
          {copy.search.filters}
        </Typography>
      )}
      <FormSelectField label={copy.search.category} name="category" value={category} onChange={(event) => chooseCategory(event.target.value)}>
        <option value="">{copy.search.anyCategory}</option>
        {categories.map((option) => (
          <option key={option._id} value={option.category}>
            {option.name}
          </option>
        ))}
      </FormSelectField>
      <FormSelectField label={copy.search.condition} name="condition" value={condition} onChange={(event) => chooseCondition(event.target.value)}>
        <option value="">{copy.search.anyCondition}</option>
        {copy.products.conditions.map((option) => (
          <option key={option} value={option}>
            {option}
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
      {staged ? (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {clear}
          <Button type="submit" variant="contained">
            {copy.search.apply}
          </Button>
        </Stack>
      ) : (
        <>
          <Button type="submit" variant="contained">
            {copy.search.apply}
          </Button>
          {hasFilters(args) && clear}
        </>
      )}
    </Stack>
  );
}

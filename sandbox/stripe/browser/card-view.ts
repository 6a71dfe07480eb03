/**
 * The card element's DOM: one row like Stripe's card element (brand, card number, expiry, CVC
 * and optionally ZIP), plain inputs instead of Stripe's iframe. Each input's accessible name
 * equals its placeholder, as in Stripe's element.
 */
import type { CardBrand } from '../shared/cards';
import type { CardField } from './card-format';
import type { CardElementOptions, StyleDeclaration } from './types';

export interface CardView {
  root: HTMLDivElement;
  inputs: Record<CardField, HTMLInputElement>;
  brandBadge: HTMLSpanElement;
  placeholderStyle: HTMLStyleElement;
}

interface FieldSpec {
  placeholder: string;
  name: string;
  autocomplete: string;
  inputMode: string;
  width: string;
}

const FIELD_SPECS: Record<CardField, FieldSpec> = {
  number: { placeholder: 'Card number', name: 'cardnumber', autocomplete: 'cc-number', inputMode: 'numeric', width: '' },
  expiry: { placeholder: 'MM / YY', name: 'exp-date', autocomplete: 'cc-exp', inputMode: 'numeric', width: '5.2em' },
  cvc: { placeholder: 'CVC', name: 'cvc', autocomplete: 'cc-csc', inputMode: 'numeric', width: '3.6em' },
  postalCode: { placeholder: 'ZIP', name: 'postal', autocomplete: 'postal-code', inputMode: 'text', width: '5em' },
};

const BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'VISA',
  mastercard: 'MC',
  amex: 'AMEX',
  discover: 'DISC',
  diners: 'DINERS',
  jcb: 'JCB',
  unionpay: 'UPAY',
  unknown: '\u25ad',
};

/** Stripe's default colour for invalid input text. */
const DEFAULT_INVALID_COLOR = '#df1b41';

let viewCount = 0;

function createInput(doc: Document, field: CardField): HTMLInputElement {
  const spec = FIELD_SPECS[field];
  const input = doc.createElement('input');
  input.type = 'text';
  input.name = spec.name;
  input.placeholder = spec.placeholder;
  input.setAttribute('aria-label', spec.placeholder);
  input.setAttribute('autocomplete', spec.autocomplete);
  input.inputMode = spec.inputMode;
  input.spellcheck = false;
  input.setAttribute('autocorrect', 'off');
  input.dataset.field = field;
  Object.assign(input.style, {
    border: 'none',
    outline: 'none',
    background: 'transparent',
    padding: '0',
    margin: '0',
    minWidth: '0',
    font: 'inherit',
    color: 'inherit',
    flex: spec.width ? `0 0 ${spec.width}` : '1 1 auto',
    width: spec.width || '100%',
  });
  return input;
}

export function renderCardView(doc: Document): CardView {
  viewCount += 1;
  const root = doc.createElement('div');
  root.className = `__SandboxCardElement sandbox-card-${viewCount}`;
  root.dataset.stripeSandbox = 'card';
  Object.assign(root.style, { display: 'flex', alignItems: 'center', gap: '0.75em', width: '100%' });

  const brandBadge = doc.createElement('span');
  brandBadge.setAttribute('aria-hidden', 'true');
  Object.assign(brandBadge.style, { flex: '0 0 auto', fontSize: '0.7em', fontWeight: '700', minWidth: '3em', opacity: '0.7' });

  const inputs = {
    number: createInput(doc, 'number'),
    expiry: createInput(doc, 'expiry'),
    cvc: createInput(doc, 'cvc'),
    postalCode: createInput(doc, 'postalCode'),
  };
  const placeholderStyle = doc.createElement('style');
  root.append(placeholderStyle, brandBadge, inputs.number, inputs.expiry, inputs.cvc, inputs.postalCode);
  return { root, inputs, brandBadge, placeholderStyle };
}

function applyDeclaration(target: HTMLElement, declaration: StyleDeclaration | undefined): void {
  if (!declaration) return;
  if (declaration.color) target.style.color = declaration.color;
  if (declaration.fontFamily) target.style.fontFamily = declaration.fontFamily;
  if (declaration.fontSize) target.style.fontSize = declaration.fontSize;
  if (declaration.fontWeight !== undefined) target.style.fontWeight = String(declaration.fontWeight);
  if (declaration.lineHeight) target.style.lineHeight = declaration.lineHeight;
  if (declaration.letterSpacing) target.style.letterSpacing = declaration.letterSpacing;
}

/** Applies options and per-field validity: invalid fields get the invalid colour and aria-invalid. */
export function paintCardView(
  view: CardView,
  options: CardElementOptions,
  brand: CardBrand,
  invalidFields: ReadonlySet<CardField>,
): void {
  view.root.removeAttribute('style');
  Object.assign(view.root.style, { display: 'flex', alignItems: 'center', gap: '0.75em', width: '100%' });
  applyDeclaration(view.root, options.style?.base);

  const placeholderColor = options.style?.base?.['::placeholder']?.color;
  const scope = `.${[...view.root.classList].join('.')}`;
  view.placeholderStyle.textContent = placeholderColor
    ? `${scope} input::placeholder { color: ${placeholderColor}; opacity: 1; }`
    : '';

  view.brandBadge.textContent = BRAND_LABELS[brand];
  view.brandBadge.dataset.brand = brand;
  view.brandBadge.style.display = options.hideIcon ? 'none' : '';
  view.inputs.postalCode.style.display = options.hidePostalCode ? 'none' : '';

  const invalidColor = options.style?.invalid?.color ?? DEFAULT_INVALID_COLOR;
  for (const [field, input] of Object.entries(view.inputs) as [CardField, HTMLInputElement][]) {
    const invalid = invalidFields.has(field);
    input.style.color = invalid ? invalidColor : 'inherit';
    input.setAttribute('aria-invalid', String(invalid));
    input.disabled = options.disabled === true;
  }
}

/**
 * The sandbox `card` Element: Stripe's mount/unmount/destroy/on/off/update life cycle, input
 * masking, and 'change' events carrying `{ empty, complete, error, brand, value }` with
 * Stripe's validation codes and wording.
 */
import { type CardProblem, cardBrand } from '../shared/cards';
import {
  CARD_FIELDS,
  type CardField,
  type CardValues,
  type CheckMode,
  EMPTY_VALUES,
  caretAfter,
  fieldComplete,
  fieldProblem,
  formatCardNumber,
  formatExpiry,
  normalizeCardNumber,
  normalizeCvc,
  normalizeExpiry,
  normalizePostalCode,
} from './card-format';
import { type CardView, paintCardView, renderCardView } from './card-view';
import { ElementEmitter } from './emitter';
import { type CardElementOptions, type ElementListener, IntegrationError, type SandboxCardElement } from './types';

/** What Stripe.js methods read from a card element to create a PaymentMethod. */
export interface CardSource {
  values(): CardValues;
  /** The first problem on submit (empty fields included), also shown on the element. */
  submitProblem(): CardProblem | null;
}

const cardSources = new WeakMap<object, CardSource>();

export function cardSourceOf(element: unknown): CardSource | undefined {
  return typeof element === 'object' && element !== null ? cardSources.get(element) : undefined;
}

const DEFAULT_CLASSES = {
  base: 'StripeElement',
  complete: 'StripeElement--complete',
  empty: 'StripeElement--empty',
  focus: 'StripeElement--focus',
  invalid: 'StripeElement--invalid',
};

export function createCardElement(initial: CardElementOptions, onDestroy: () => void): SandboxCardElement {
  const emitter = new ElementEmitter();
  let options: CardElementOptions = { ...initial };
  let values: CardValues = { ...EMPTY_VALUES, postalCode: initial.value?.postalCode ?? '' };
  const modes: Record<CardField, CheckMode> = { number: 'typing', expiry: 'typing', cvc: 'typing', postalCode: 'typing' };
  let container: HTMLElement | null = null;
  let view: CardView | null = null;
  let focused = false;
  let destroyed = false;

  const activeFields = (): CardField[] =>
    CARD_FIELDS.filter((field) => field !== 'postalCode' || options.hidePostalCode !== true);
  const problems = (): Map<CardField, CardProblem> => {
    const found = new Map<CardField, CardProblem>();
    for (const field of activeFields()) {
      const issue = fieldProblem(field, values, modes[field], new Date());
      if (issue) found.set(field, issue);
    }
    return found;
  };
  const complete = (): boolean => activeFields().every((f) => fieldComplete(f, values, new Date()));
  const empty = (): boolean => activeFields().every((f) => values[f] === '');

  const classes = () => ({ ...DEFAULT_CLASSES, ...options.classes });
  function paint(): void {
    if (!view || !container) return;
    const found = problems();
    paintCardView(view, options, cardBrand(values.number), new Set(found.keys()));
    const names = classes();
    const toggle = (name: string, on: boolean) => name.split(/\s+/).filter(Boolean).forEach((c) => container?.classList.toggle(c, on));
    toggle(names.base, true);
    toggle(names.complete, complete());
    toggle(names.empty, empty());
    toggle(names.focus, focused);
    toggle(names.invalid, found.size > 0);
  }

  function emitChange(): void {
    const first = [...problems().values()][0];
    emitter.emit('change', {
      elementType: 'card',
      empty: empty(),
      complete: complete(),
      error: first ? { type: 'validation_error', code: first.code, message: first.message } : undefined,
      brand: cardBrand(values.number),
      value: { postalCode: values.postalCode },
    });
  }

  function showValues(): void {
    if (!view) return;
    view.inputs.number.value = formatCardNumber(values.number);
    view.inputs.expiry.value = formatExpiry(values.expiry, false);
    view.inputs.cvc.value = values.cvc;
    view.inputs.postalCode.value = values.postalCode;
  }

  /** Re-masks the edited input, keeps the caret in place and moves on once a field is done. */
  function onInput(field: CardField, input: HTMLInputElement, event: Event): void {
    const deleting = (event as InputEvent).inputType?.startsWith('delete') ?? false;
    const caret = input.selectionStart ?? input.value.length;
    const digitsBeforeCaret = input.value.slice(0, caret).replace(/\D/g, '').length;
    const atEnd = caret >= input.value.length;
    if (field === 'number') {
      values.number = normalizeCardNumber(input.value);
      values.cvc = normalizeCvc(values.cvc, cardBrand(values.number));
      input.value = formatCardNumber(values.number);
    } else if (field === 'expiry') {
      values.expiry = normalizeExpiry(input.value);
      input.value = formatExpiry(values.expiry, deleting);
    } else if (field === 'cvc') {
      values.cvc = normalizeCvc(input.value, cardBrand(values.number));
      input.value = values.cvc;
    } else {
      values.postalCode = normalizePostalCode(input.value);
      input.value = values.postalCode;
    }
    if (field !== 'postalCode' && !atEnd) {
      const position = caretAfter(input.value, digitsBeforeCaret);
      input.setSelectionRange(position, position);
    }
    paint();
    emitChange();
    const next = activeFields()[activeFields().indexOf(field) + 1];
    const done = !deleting && atEnd && fieldComplete(field, values, new Date());
    if (done && next && field !== 'postalCode' && view) view.inputs[next].focus();
  }

  function onFieldBlur(field: CardField, relatedTarget: EventTarget | null): void {
    const stillInside = relatedTarget instanceof Node && view?.root.contains(relatedTarget);
    const before = JSON.stringify([...problems()]);
    modes[field] = 'blurred';
    if (!stillInside) {
      focused = false;
      emitter.emit('blur', { elementType: 'card' });
    }
    paint();
    if (JSON.stringify([...problems()]) !== before) emitChange();
  }

  function wire(current: CardView): void {
    for (const field of CARD_FIELDS) {
      const input = current.inputs[field];
      input.addEventListener('input', (event) => onInput(field, input, event));
      input.addEventListener('focus', () => {
        if (!focused) emitter.emit('focus', { elementType: 'card' });
        focused = true;
        paint();
      });
      input.addEventListener('blur', (event) => onFieldBlur(field, event.relatedTarget));
      input.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') emitter.emit('escape', { elementType: 'card' });
        // Backspace in an empty field goes back to the previous one, as in Stripe's element.
        const previous = activeFields()[activeFields().indexOf(field) - 1];
        if (event.key === 'Backspace' && input.value === '' && previous) current.inputs[previous].focus();
      });
    }
  }

  function assertUsable(): void {
    if (destroyed) throw new IntegrationError('This Element has already been destroyed. Please create a new one.');
  }

  const element: SandboxCardElement = {
    mount(target) {
      assertUsable();
      if (container) {
        throw new IntegrationError('This Element is already mounted. Use `unmount()` to unmount the Element before re-mounting.');
      }
      const node = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
      if (!node) {
        throw new IntegrationError(`The selector you specified (${String(target)}) applies to no DOM elements that are currently on the page.`);
      }
      container = node;
      view = renderCardView(node.ownerDocument);
      wire(view);
      node.replaceChildren(view.root);
      showValues();
      paint();
      // Stripe's element is ready once its iframe loaded; here, right after this call returns.
      setTimeout(() => view && emitter.emit('ready', { elementType: 'card' }), 0);
    },
    unmount() {
      assertUsable();
      view?.root.remove();
      if (container) for (const name of Object.values(classes())) name.split(/\s+/).filter(Boolean).forEach((c) => container?.classList.remove(c));
      container = null;
      view = null;
      focused = false;
      emitter.resetReady();
    },
    destroy() {
      if (destroyed) return;
      if (container) element.unmount();
      destroyed = true;
      onDestroy();
    },
    on(event, handler: ElementListener) {
      emitter.on(event, handler);
      return element;
    },
    once(event, handler: ElementListener) {
      emitter.once(event, handler);
      return element;
    },
    off(event, handler?: ElementListener) {
      emitter.off(event, handler);
      return element;
    },
    update(updates) {
      assertUsable();
      options = { ...options, ...updates, style: { ...options.style, ...updates.style } };
      if (updates.value?.postalCode !== undefined) values = { ...values, postalCode: updates.value.postalCode };
      showValues();
      paint();
    },
    focus() {
      if (!view) return;
      const target = activeFields().find((f) => !fieldComplete(f, values, new Date())) ?? 'number';
      view.inputs[target].focus();
    },
    blur() {
      const active = view?.root.ownerDocument.activeElement;
      if (active instanceof HTMLElement && view?.root.contains(active)) active.blur();
    },
    clear() {
      values = { ...EMPTY_VALUES };
      for (const field of CARD_FIELDS) modes[field] = 'typing';
      showValues();
      paint();
      emitChange();
    },
  };

  cardSources.set(element, {
    values: () => ({ ...values }),
    submitProblem() {
      for (const field of activeFields()) modes[field] = 'submit';
      paint();
      return [...problems().values()][0] ?? null;
    },
  });
  return element;
}

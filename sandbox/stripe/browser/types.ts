/**
 * The slice of Stripe.js's public shapes the sandbox implements (see @stripe/stripe-js's
 * types for the full ones); written out here so the browser bundle needs no package.
 */
import type { CardBrand } from '../shared/cards';

/** The error object Stripe.js resolves with (`{ error }`), never throws. */
export interface StripeJsError {
  type: 'validation_error' | 'card_error' | 'invalid_request_error' | 'api_connection_error' | 'api_error';
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: Record<string, unknown>;
  payment_method?: Record<string, unknown>;
}

export interface CardChangeEvent {
  elementType: 'card';
  empty: boolean;
  complete: boolean;
  error: StripeJsError | undefined;
  brand: CardBrand;
  value: { postalCode: string };
}

export interface ElementEventMap {
  change: CardChangeEvent;
  ready: { elementType: 'card' };
  focus: { elementType: 'card' };
  blur: { elementType: 'card' };
  escape: { elementType: 'card' };
}

export type ElementEventName = keyof ElementEventMap;
export type ElementListener = (event: ElementEventMap[ElementEventName]) => void;

/** Style objects as Stripe takes them: `{ base: { color, fontSize, '::placeholder': {...} } }`. */
export interface StyleDeclaration {
  color?: string;
  fontFamily?: string;
  fontSize?: string;
  fontWeight?: string | number;
  lineHeight?: string;
  letterSpacing?: string;
  '::placeholder'?: { color?: string };
}

export interface ElementStyle {
  base?: StyleDeclaration;
  complete?: StyleDeclaration;
  empty?: StyleDeclaration;
  invalid?: StyleDeclaration;
}

export interface ElementClasses {
  base?: string;
  complete?: string;
  empty?: string;
  focus?: string;
  invalid?: string;
}

export interface CardElementOptions {
  style?: ElementStyle;
  classes?: ElementClasses;
  hidePostalCode?: boolean;
  hideIcon?: boolean;
  disabled?: boolean;
  value?: { postalCode?: string };
}

/** What the card element exposes, as Stripe's StripeCardElement does. */
export interface SandboxCardElement {
  mount(target: string | HTMLElement): void;
  unmount(): void;
  destroy(): void;
  on(event: string, handler: ElementListener): SandboxCardElement;
  once(event: string, handler: ElementListener): SandboxCardElement;
  off(event: string, handler?: ElementListener): SandboxCardElement;
  update(options: CardElementOptions): void;
  focus(): void;
  blur(): void;
  clear(): void;
}

/** Stripe.js throws this (rather than resolving `{ error }`) for wrong integration code. */
export class IntegrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IntegrationError';
  }
}

import { createAction } from '@reduxjs/toolkit';

/**
 * The seller asked to look an ISBN up (its ISBN-13): the product listeners run the lookup and the
 * form is filled from what it finds. Apart from the lookup's slice so that the API layer, which
 * every page waits for, carries only this.
 */
export const isbnLookupRequested = createAction<string>('isbnLookup/requested');

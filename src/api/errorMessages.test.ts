import { copy } from '../config/copy';
import { errorMessage, failureKind, loadFailedMessage } from './errorMessages';

const fallback = 'We could not do that.';

describe('the message catalogue', () => {
  describe('identity-provider codes, as the SDK throws them or as its message names them', () => {
    it.each([
      ['auth/wrong-password', 'Wrong email or password.'],
      ['auth/invalid-credential', 'Wrong email or password.'],
      ['auth/user-not-found', 'Wrong email or password.'],
      ['auth/invalid-email', "This email address doesn't look right. Check it and try again."],
      ['auth/email-already-in-use', 'An account with this email already exists.'],
      ['auth/weak-password', 'Choose a password of at least 6 characters.'],
      ['auth/too-many-requests', 'Too many tries. Wait a few minutes, then try again.'],
      ['auth/network-request-failed', 'The sign-in service could not be reached. Check your connection, then try again.'],
      ['auth/user-disabled', copy.messages.auth.disabled],
      ['auth/popup-closed-by-user', copy.messages.auth.popupClosed],
      ['auth/popup-blocked', copy.messages.auth.popupBlocked],
    ])('%s reads "%s"', (code, sentence) => {
      expect(errorMessage(Object.assign(new Error(`Firebase: Error (${code}).`), { code }), fallback)).toBe(sentence);
      expect(errorMessage(new Error(`Firebase: Error (${code}).`), fallback)).toBe(sentence);
    });

    it('an unknown code reads as the fallback, never as the code', () => {
      expect(errorMessage(new Error('Firebase: Error (auth/quota-exceeded).'), fallback)).toBe(fallback);
    });
  });

  describe('API failures', () => {
    it.each([
      [{ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, copy.messages.unreachable],
      [{ status: 'TIMEOUT_ERROR', error: 'AbortError' }, copy.messages.timeout],
      [{ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' }, copy.messages.server],
      [{ status: 500, data: { message: 'Internal Server Error' } }, copy.messages.server],
      [{ status: 503, data: { message: 'relation "books" does not exist' } }, copy.messages.server],
      [{ status: 429, data: { message: 'Rate limit exceeded, retry in 1 minute' } }, copy.messages.busy],
      [{ status: 401, data: { message: 'Sign in first' } }, copy.messages.session],
      [{ status: 413, data: { message: 'request file too large' } }, copy.products.tooLarge],
    ])('%j reads as a plain sentence', (error, sentence) => {
      expect(errorMessage(error, fallback)).toBe(sentence);
    });

    it('says "offline" when the browser knows it is', () => {
      const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
      expect(failureKind({ status: 'FETCH_ERROR' })).toBe('offline');
      expect(errorMessage({ status: 'FETCH_ERROR' }, fallback)).toBe(copy.messages.offline);
      onLine.mockRestore();
    });

    it.each([
      'params/id must match pattern "^[0-9a-f]{24}$"',
      'body/price must be >= 0.5',
      "body must have required property 'email'",
      'querystring/limit must be <= 200',
    ])('keeps the validation detail "%s" off the screen', (message) => {
      expect(errorMessage({ status: 400, data: { message } }, fallback)).toBe(fallback);
    });

    it('a 404 reads in the words of the screen that asked', () => {
      expect(errorMessage({ status: 404, data: { message: 'No route for GET /bookings/x' } }, "We couldn't find this booking")).toBe(
        "We couldn't find this booking",
      );
    });

    it("passes on the API's own refusals, which are written for people", () => {
      expect(errorMessage({ status: 409, data: { message: 'This book is already sold' } }, fallback)).toBe('This book is already sold');
      expect(errorMessage({ status: 400, data: { message: 'You cannot book your own book' } }, fallback)).toBe(
        'You cannot book your own book',
      );
    });
  });

  it('says what could not be loaded, and why', () => {
    expect(loadFailedMessage({ status: 'TIMEOUT_ERROR' }, 'The books could not be loaded.')).toBe(
      `The books could not be loaded. ${copy.messages.timeout}`,
    );
    expect(loadFailedMessage({ status: 403, data: { message: 'You are not allowed to do this' } }, 'Your orders could not be loaded.')).toBe(
      'Your orders could not be loaded. You are not allowed to do this',
    );
  });
});

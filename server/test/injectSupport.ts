import path from 'node:path';

/**
 * `app.inject` runs on light-my-request, which requires the ESM-only `cookie` 2.x. Node 20 loads
 * that natively, jest's module sandbox cannot. Its only use there is encoding request cookies,
 * which these tests never send (the API uses bearer tokens), so a stand-in takes its place.
 */
const lightMyRequestDir = path.dirname(require.resolve('light-my-request'));
jest.doMock(require.resolve('cookie', { paths: [lightMyRequestDir] }), () => ({
  stringifySetCookie: () => {
    throw new Error('The server tests send no cookies');
  },
}));

import { createTokenSync } from './tokenSync';

describe('token sync', () => {
  it('does nothing when no URL is configured', async () => {
    const fetchImpl = jest.fn<Promise<Response>, Parameters<typeof fetch>>();
    const sync = createTokenSync(undefined, fetchImpl);
    await sync.signedIn('id');
    await sync.signedOut();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('POSTs with the bearer ID token when signed in and DELETEs when signed out', async () => {
    const fetchImpl = jest.fn<Promise<Response>, Parameters<typeof fetch>>(async () => new Response(null, { status: 204 }));
    const sync = createTokenSync('https://sync.example.com/session', fetchImpl);
    await sync.signedIn('id-token-1');
    await sync.signedOut();
    expect(fetchImpl).toHaveBeenNthCalledWith(1, 'https://sync.example.com/session', expect.objectContaining({
      method: 'POST',
      headers: { authorization: 'Bearer id-token-1' },
    }));
    expect(fetchImpl).toHaveBeenNthCalledWith(2, 'https://sync.example.com/session', expect.objectContaining({ method: 'DELETE' }));
  });
});

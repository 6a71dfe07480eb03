import { SignJWT } from 'jose';
import { accessTokens } from '../src/lib/accessTokens';

const SECRET = 'access-token-secret-that-is-long-enough';
const claims = { userId: '0123456789abcdef01234567', email: 'reader@test.dev' };

afterEach(() => jest.useRealTimers());

describe('access tokens', () => {
  it('are verified the same way at every use, from memory after the first', async () => {
    const tokens = accessTokens(SECRET);
    const token = await tokens.sign(claims);
    const first = await tokens.verify(token);
    expect(first).toMatchObject(claims);
    expect(await tokens.verify(token)).toEqual(first);
  });

  it('are refused once expired, though verified before', async () => {
    jest.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    const tokens = accessTokens(SECRET);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toMatchObject(claims);
    jest.setSystemTime(new Date('2026-03-01T10:59:59Z'));
    expect(await tokens.verify(token)).toMatchObject(claims);
    jest.setSystemTime(new Date('2026-03-01T11:00:00Z')); // one hour: expired
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuse a forged signature, or another secret, next to a genuine token already verified', async () => {
    const tokens = accessTokens(SECRET);
    const token = await tokens.sign(claims);
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(forged)).toBeUndefined();
    const elsewhere = await accessTokens('another-secret-that-is-long-enough-too').sign(claims);
    expect(await tokens.verify(elsewhere)).toBeUndefined();
    expect(await tokens.verify('not.a.token')).toBeUndefined();
  });

  it('refuse a genuine signature over a subject that is not a user id', async () => {
    const tokens = accessTokens(SECRET);
    const signed = (subject: string) =>
      new SignJWT({ email: claims.email })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setIssuer('book-resale-api')
        .setAudience('book-resale-spa')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(await signed(claims.userId))).toMatchObject(claims);
    for (const subject of ['a\u0000b', `${claims.userId}\u0000`, "x' or '1'='1", 'F'.repeat(24), '']) {
      expect(await tokens.verify(await signed(subject))).toBeUndefined();
    }
  });
});

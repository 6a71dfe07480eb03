import { SignJWT, UnsecuredJWT } from 'jose';
import type { FuzzCast } from './fuzzCases';
import { idTokenFor } from './fakes';
import { validProduct } from './helper';

/** How the fuzz server signs access tokens (see `accessTokens.ts`); the crafted ones start from it. */
export const FUZZ_JWT_SECRET = 'fuzz-secret-that-is-long-enough-for-hs256';
export const FUZZ_ADMIN_EMAIL = 'admin@fuzz.dev';
const ISSUER = 'book-resale-api';
const AUDIENCE = 'book-resale-spa';

interface Member {
  id: string;
  email: string;
  authorization: string;
}

async function call(port: number, method: string, url: string, authorization: string, body?: object) {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer: unknown = await response.json();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(answer)}`);
  return answer as Record<string, string>;
}

/** Signs up over HTTP, as the client does: POST /users, then GET /jwt. */
async function signUp(port: number, email: string, role: 'Buyer' | 'seller'): Promise<Member> {
  const idToken = `Bearer ${idTokenFor(email)}`;
  const { insertedId } = await call(port, 'POST', '/users', idToken, { name: email.split('@')[0], email, role });
  const { accessToken } = await call(port, 'GET', `/jwt?email=${encodeURIComponent(email)}`, idToken);
  return { id: insertedId, email, authorization: `bearer ${accessToken}` };
}

interface Claims {
  sub: string;
  email: string;
}

/** An access token as the API would sign it, with whatever differs from it. */
function crafted(claims: Claims, options: { secret?: string; alg?: string; issuer?: string; audience?: string; issuedAt?: number; expiresAt?: number; notBefore?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const token = new SignJWT({ email: claims.email })
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setIssuedAt(options.issuedAt ?? now)
    .setExpirationTime(options.expiresAt ?? now + 3600);
  if (options.notBefore !== undefined) token.setNotBefore(options.notBefore);
  return token.sign(new TextEncoder().encode(options.secret ?? FUZZ_JWT_SECRET));
}

/** Authorization headers that no protected route may accept, each naming what is wrong with it. */
async function badTokens(admin: Member, buyer: Member): Promise<FuzzCast['badTokens']> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: admin.id, email: admin.email };
  const genuine = admin.authorization.slice('bearer '.length);
  const [header, payload, signature] = genuine.split('.');
  const unsigned = new UnsecuredJWT({ email: admin.email }).setSubject(admin.id).setIssuer(ISSUER).setAudience(AUDIENCE)
    .setIssuedAt().setExpirationTime('1h').encode();
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const tokens: Array<[string, string]> = [
    ['junk', 'x.y.z'],
    ['junk base64', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0'],
    ['junk long', 'a'.repeat(9000)],
    ['an ID token', idTokenFor(buyer.email)],
    ['expired', await crafted(claims, { issuedAt: now - 7200, expiresAt: now - 3600 })],
    ['expired a second ago', await crafted(claims, { issuedAt: now - 3601, expiresAt: now - 1 })],
    ['not yet valid', await crafted(claims, { notBefore: now + 3600 })],
    ['wrong key', await crafted(claims, { secret: 'another-secret-that-is-long-enough-for-it' })],
    ['HS512 with the key', await crafted(claims, { alg: 'HS512' })],
    ['wrong issuer', await crafted(claims, { issuer: 'someone-else' })],
    ['wrong audience', await crafted(claims, { audience: 'someone-else' })],
    ['unknown user', await crafted({ sub: 'f'.repeat(24), email: admin.email })],
    ["the admin's id with the buyer's email", await crafted({ sub: admin.id, email: buyer.email })],
    ['a NUL in the subject', await crafted({ sub: `${admin.id}\u0000`, email: admin.email })],
    ['SQL in the subject', await crafted({ sub: "' or '1'='1", email: admin.email })],
    ['alg none', unsigned],
    ['alg none, signature kept', `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`],
    ['alg None', `${b64({ alg: 'None' })}.${payload}.`],
    ['alg none, the buyer made admin', `${b64({ alg: 'none' })}.${b64({ sub: admin.id, email: admin.email, role: 'admin' })}.`],
    ['signature cut', `${header}.${payload}.`],
    ['signature of another payload', `${header}.${b64({ sub: buyer.id, email: buyer.email })}.${signature}`],
    ['extra segment', `${genuine}.x`],
  ];
  return [
    ...tokens.map(([label, token]) => ({ label, authorization: `Bearer ${token}` })),
    { label: 'bearer without a token', authorization: 'Bearer' },
    { label: 'basic', authorization: 'Basic YWRtaW46YWRtaW4=' },
    { label: 'two tokens', authorization: `Bearer ${genuine} ${genuine}` },
  ];
}

/** The cast the fuzz requests are sent as, signed up over HTTP on the fuzz server. */
export async function fuzzCast(port: number): Promise<FuzzCast> {
  const buyer = await signUp(port, 'buyer@fuzz.dev', 'Buyer');
  const seller = await signUp(port, 'seller@fuzz.dev', 'seller');
  const admin = await signUp(port, FUZZ_ADMIN_EMAIL, 'Buyer');
  const { insertedId: sellerBookId } = await call(port, 'POST', '/products', seller.authorization, validProduct);
  return {
    authorization: { buyer: buyer.authorization, seller: seller.authorization, admin: admin.authorization },
    buyerEmail: buyer.email,
    sellerEmail: seller.email,
    sellerBookId,
    badTokens: await badTokens(admin, buyer),
  };
}

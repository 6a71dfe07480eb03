import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from './kinds';

/**
 * The token of an email's "turn these emails off" link: the user and the kind, signed with the
 * API's secret. It can do one thing only, turn that kind of email off for that user; it is no
 * credential for anything else.
 */
export function unsubscribeTokens(secret: string) {
  const sign = (payload: string) =>
    createHmac('sha256', `unsubscribe:${secret}`).update(payload).digest('base64url').slice(0, 32);
  return {
    make(userId: string, kind: NotificationKind): string {
      const payload = Buffer.from(`${userId}.${kind}`).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },
    /** The user and kind of a token this API signed; undefined for anything else. */
    read(token: string): { userId: string; kind: NotificationKind } | undefined {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0) return undefined;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      const [userId, kind] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
      if (!userId || !(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return undefined;
      return { userId, kind: kind as NotificationKind };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;

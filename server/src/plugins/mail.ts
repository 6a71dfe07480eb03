import fp from 'fastify-plugin';
import type { Transporter } from 'nodemailer';
import type { Clock } from '../lib/clock';
import { deliverPending } from '../mail/outbox';
import type { UnsubscribeTokens } from '../mail/unsubscribe';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

export interface MailService {
  /** Something was told: send its emails soon (deliveries of one process never overlap). */
  kick(): void;
  /** Sends what is waiting now, after any delivery under way; answers how many were sent. */
  deliver(): Promise<number>;
  tokens: UnsubscribeTokens;
}

export interface MailOptions {
  clock: Clock;
  tokens: UnsubscribeTokens;
}

/** Mail servers on this machine (the local inbox), which offer no TLS. */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The transport's URL: a plain `smtp://` server on this machine is spoken to without STARTTLS (the
 * local inbox has none); any other host upgrades with STARTTLS when it offers it, as nodemailer
 * does by default, so credentials and emails never cross a network in the clear unless the URL
 * says so itself (`?ignoreTLS=true`).
 */
export function transportUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (url.protocol === 'smtp:' && LOOPBACK.test(url.hostname) && !url.searchParams.has('ignoreTLS')) {
    url.searchParams.set('ignoreTLS', 'true');
  }
  return url.toString();
}

/**
 * Order emails through SMTP (`SMTP_URL`; under `npm start`, the local inbox maildev). Each
 * notification row is an email waiting to go (mail/outbox.ts); a commit that told someone kicks
 * a delivery, and the order sweep's timer kicks one too, so nothing waits for good.
 */
export default fp<MailOptions>(
  async (app, { clock, tokens }) => {
    const { mail: config } = app.config;
    // nodemailer loads only when there is a mail server to talk to.
    const transport: Transporter | null = config.smtpUrl
      ? (await import('nodemailer')).default.createTransport(transportUrl(config.smtpUrl))
      : null;
    // Deliveries of one process run one after another; a kick while one waits to start adds none.
    let tail: Promise<number> = Promise.resolve(0);
    let kicked = false;
    let closed = false;
    const deliver = (): Promise<number> => {
      const run = tail
        .catch(() => 0)
        .then(() => {
          kicked = false;
          return deliverPending({ db: app.db, clock, transport, config, tokens, log: app.log });
        });
      tail = run;
      return run;
    };
    const kick = () => {
      if (closed || kicked) return;
      kicked = true;
      setImmediate(() => {
        if (closed) return;
        deliver().catch((error: unknown) => app.log.error({ err: error }, 'delivering order emails failed'));
      });
    };
    app.decorate('mail', { kick, deliver, tokens });
    app.addHook('onClose', async () => {
      closed = true;
      await tail.catch(() => undefined);
      transport?.close();
    });
  },
  { name: 'mail', dependencies: ['database', 'config'] },
);

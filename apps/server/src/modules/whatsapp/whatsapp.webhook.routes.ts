import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ZWebhookVerifyQuery } from '@srpf/shared';
import type { Database } from '../../db/client.js';
import { AppError, forbidden, unauthenticated } from '../../lib/errors.js';
import { errorResponses } from '../../lib/validation.js';
import type { WhatsappDeliveryCallbacks } from './whatsapp.callbacks.js';
import type { WhatsappConfig } from './whatsapp.provider.js';
import { readWebhookPayload } from './whatsapp.webhook.payload.js';
import { createRefusalLimiter, DEFAULT_REFUSAL_LIMITS, type RefusalLimits } from './whatsapp.webhook.refusals.js';
import type { JobRunner } from '../../lib/jobs/job-runner.js';
import { createWebhookService } from './whatsapp.webhook.service.js';
import { hasValidSignature, isVerifyToken } from './whatsapp.webhook.signature.js';

/** Meta's callbacks are small (a few statuses); 1 MB is far above any, and the API's own limit. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

const tags = ['whatsapp'];
const ZWebhookAck = z.object({ success: z.literal(true) });

export interface WhatsappWebhookOptions {
  config: Pick<WhatsappConfig, 'appSecret' | 'verifyToken' | 'phoneNumberId'>;
  /** The delivery side: what statuses and template events are handed to. */
  callbacks: WhatsappDeliveryCallbacks;
  db: Database;
  logger: Logger;
  /** Enqueues the inbound job of each new message a person sent (STOP, self-service). */
  jobs?: JobRunner;
  /** Refused signatures per address before it waits (tests lower it). */
  refusalLimits?: RefusalLimits;
}

/**
 * /api/whatsapp/webhook: Meta's WhatsApp webhook. Public by design: Meta calls it with no session, so
 * no cookie, token or XSRF header is asked for; the subscription check asks for the verify token and
 * every callback must carry Meta's signature of its exact bytes (X-Hub-Signature-256, HMAC-SHA256 with
 * the app secret). Outside the API's per-address rate limit (Meta sends several callbacks per message
 * and disables a webhook that is refused): only refused signatures are limited. A callback clears no
 * kept answers (the screens' lists catch up within ANSWER_CACHE_SECONDS). GET and POST only.
 */
export const whatsappWebhookRoutes =
  (options: WhatsappWebhookOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const { config, logger } = options;
    const webhook = createWebhookService(options.db, options.callbacks, logger, options.jobs);
    const refusals = createRefusalLimiter(options.refusalLimits ?? DEFAULT_REFUSAL_LIMITS);

    // The signature is over the bytes as sent: in this plugin's scope only, a JSON body is kept as
    // those bytes (parsed after the check); any other type is refused (415), as Meta sends JSON only.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    /** Before the body is read: an address that failed the signature or the verify token too often waits. */
    const refusedAddress = (request: FastifyRequest) => {
      const seconds = refusals.waitSeconds(request.ip);
      return seconds === 0
        ? undefined
        : new AppError('request.rate_limited', { seconds }, `Too many requests. Try again in ${seconds} seconds.`, {
            headers: { 'retry-after': String(seconds) },
          });
    };

    app.get(
      '/webhook',
      {
        // Meta's subscription check is a GET; HEAD answers nothing here.
        exposeHeadRoute: false,
        config: { access: 'public', rateLimit: false },
        // Wrong verify tokens count with refused signatures: nobody guesses the token at leisure.
        onRequest: (request, _reply, done) => done(refusedAddress(request)),
        schema: {
          tags,
          description:
            "Meta's subscription check: with hub.mode=subscribe and the configured verify token, answers hub.challenge as text/plain.",
          produces: ['text/plain'],
          querystring: ZWebhookVerifyQuery,
          response: { 200: z.unknown().describe('hub.challenge (text/plain)'), ...errorResponses(400, 403, 429) },
        },
      },
      async (request, reply) => {
        const query = request.query;
        const challenge = query['hub.challenge'];
        if (
          query['hub.mode'] !== 'subscribe' ||
          challenge === undefined ||
          !isVerifyToken(query['hub.verify_token'], config.verifyToken)
        ) {
          const count = refusals.refuse(request.ip);
          if (count !== null)
            logger.warn(
              { ip: request.ip, refused: count },
              'WhatsApp webhook: subscription checks with a wrong verify token refused',
            );
          throw forbidden('forbidden', 'The verify token does not match');
        }
        return reply.type('text/plain; charset=utf-8').send(challenge);
      },
    );

    app.post(
      '/webhook',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        config: { access: 'public', rateLimit: false, clearsNoAnswers: true },
        onRequest: (request, _reply, done) => done(refusedAddress(request)),
        schema: {
          tags,
          description:
            "Meta's callbacks (message statuses, people's messages, template status changes), signed with X-Hub-Signature-256 over the raw body. 401 without a valid signature, nothing stored.",
          response: { 200: ZWebhookAck, ...errorResponses(401, 413, 415, 429) },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!hasValidSignature(raw, request.headers['x-hub-signature-256'], config.appSecret)) {
          const count = refusals.refuse(request.ip);
          if (count !== null)
            logger.warn(
              { ip: request.ip, refused: count },
              'WhatsApp webhook: callbacks without a valid signature refused',
            );
          throw unauthenticated('unauthenticated', 'The callback does not carry a valid signature');
        }
        // Signed, so from Meta: a payload we cannot use is answered 200 all the same, since Meta sends
        // a refused one again for 7 days and disables a webhook that keeps failing. It is logged.
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          json = undefined;
        }
        const events = json === undefined ? null : readWebhookPayload(json, { phoneNumberId: config.phoneNumberId });
        if (!events) {
          logger.warn(
            { bytes: raw.length },
            'WhatsApp webhook: a signed callback that is not a WhatsApp payload ignored',
          );
          return { success: true as const };
        }
        if (events.ignored > 0)
          logger.warn({ ignored: events.ignored }, 'WhatsApp webhook: items not understood ignored');
        const outcome = await webhook.apply(events);
        // An event that could not be applied (the database away): an error, so that Meta sends the
        // callback again; the events applied now are remembered and not applied twice.
        if (outcome.failed > 0) throw new Error(`${outcome.failed} WhatsApp callback event(s) could not be applied`);
        return { success: true as const };
      },
    );
  };

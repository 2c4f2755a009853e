import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZVerificationConfirmRequest, ZVerificationConfirmResponse, ZVerificationSendResponse } from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import type { PhoneVerificationService } from './users.phone-verification.service.js';

const tags = ['profile'];
const errors = errorResponses(400, 401, 403, 409, 429);

/** /api/users/profile/whatsapp/verification: confirming one's own phone number with a code sent to it (issue 31). */
export const phoneVerificationRoutes =
  (verification: PhoneVerificationService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          security: BEARER,
          description:
            'Sends a six-digit code over WhatsApp (the authentication template) to the signed-in person’s own unverified number; it confirms for 15 minutes, once, with 5 tries; 3 codes an hour (then 429 with Retry-After). 409 when there is no number or it is already verified.',
          // No input: the code goes to the number on the profile. Anything but nothing or {} is refused.
          body: z.object({}).strict().nullish(),
          response: { 200: ZVerificationSendResponse, ...errors },
        },
      },
      async (request) => {
        const sent = await verification.send(currentUser(request), request.ip);
        return { success: true as const, message: 'Code sent', data: { verification: sent } };
      },
    );

    app.post(
      '/confirm',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          security: BEARER,
          description:
            'Confirms the number with the code last sent to it: a wrong code answers 400 with the tries left; a late, used or dead code never confirms. Success records the number as verified by the person (audited).',
          body: ZVerificationConfirmRequest,
          response: { 200: ZVerificationConfirmResponse, ...errors },
        },
      },
      async (request) => {
        const whatsapp = await verification.confirm(currentUser(request), request.body.code, request.ip);
        return { success: true as const, message: 'Mobile number verified', data: { whatsapp } };
      },
    );
  };

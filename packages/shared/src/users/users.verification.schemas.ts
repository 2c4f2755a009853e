import { z } from 'zod';
import { ZWhatsappConsent } from '../payslips/payslips.schemas.js';
import { VERIFICATION_CODE_DIGITS } from './users.verification.rules.js';

/** POST /users/profile/whatsapp/verification/confirm: the six digits received. */
export const ZVerificationConfirmRequest = z.object({
  code: z
    .string({ error: 'The code is required' })
    .trim()
    .regex(/^\d{6}$/, `The code is ${VERIFICATION_CODE_DIGITS} digits`),
});
export type TVerificationConfirmRequest = z.infer<typeof ZVerificationConfirmRequest>;

/** POST /users/profile/whatsapp/verification: where the code went, until when it confirms, the tries it allows. */
export const ZVerificationSent = z.object({
  phone_number: z.string(),
  expires_at: z.string(),
  tries: z.number().int(),
});
export type TVerificationSent = z.infer<typeof ZVerificationSent>;
export const ZVerificationSendResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ verification: ZVerificationSent }),
});
export type TVerificationSendResponse = z.infer<typeof ZVerificationSendResponse>;

/** The number confirmed: the person's WhatsApp settings as they are now. */
export const ZVerificationConfirmResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ whatsapp: ZWhatsappConsent }),
});
export type TVerificationConfirmResponse = z.infer<typeof ZVerificationConfirmResponse>;

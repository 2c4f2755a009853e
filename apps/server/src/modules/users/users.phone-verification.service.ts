import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  maySendVerificationCode,
  VERIFICATION_CODE_MINUTES,
  VERIFICATION_CODE_TRIES,
  VERIFICATION_CODES_PER_HOUR,
  whatsappNumber,
  type TVerificationSent,
  type TWhatsappConsent,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { getOrCreateSetting } from '../../lib/app-settings.js';
import { audit } from '../../lib/audit.js';
import { clock } from '../../lib/clock.js';
import { AppError, unauthenticated } from '../../lib/errors.js';
import { retryMinutes, retryMinutesText } from '../../lib/retry-text.js';
import type { AccessClaims } from '../../lib/tokens.js';
import { queueWhatsappMessage } from '../../lib/contracts/whatsapp-messages.js';
import * as repository from './users.phone-verification.repository.js';
import { updateUser } from './users.repository.js';

/**
 * The template codes go out with when WHATSAPP_AUTH_TEMPLATE is not set: the outbox provider (the
 * default) needs no approved template; a cloud start requires the setting (config.ts).
 */
export const DEFAULT_VERIFICATION_TEMPLATE = 'srpf_verification_code';
/** The key codes are hashed with: generated once per installation, kept in app_settings. */
const CODE_KEY_SETTING = 'phone_verification_code_key';
const HOUR_MS = 60 * 60_000;

const noLongerActive = () => unauthenticated('auth.account_no_longer_active', 'Your account is no longer active');

/**
 * Confirming one's own phone number with a six-digit code sent to it over WhatsApp (issue 31). The
 * code exists only as a keyed hash bound to the person and the number; it is never logged, audited or
 * answered. Sends and confirmations lock the person's row, so the hour's count and the tries hold
 * under parallel requests.
 */
export function createPhoneVerificationService(
  context: AppContext,
  consentOf: (userId: number) => Promise<TWhatsappConsent>,
) {
  const { db } = context;
  /**
   * The codes' HMAC key, made with the first code sent, inside its transaction: a refused request
   * writes nothing, and the key is kept in memory only once a transaction that used it committed.
   */
  let committedKey: string | undefined;
  const keyWithin = async (tx: Transaction) => committedKey ?? getOrCreateSetting(tx, CODE_KEY_SETTING);

  const hashOf = (secret: string, userId: number, phone: string, code: string) =>
    createHmac('sha256', secret).update(`${userId}:${phone}:${code}`).digest();

  /** The person's number, locked; 409 when there is none or it is already theirs. */
  async function unverifiedNumber(tx: Transaction, userId: number): Promise<{ phone: string; language: string }> {
    const person = await repository.lockNumberOf(tx, userId);
    if (!person) throw noLongerActive();
    if (!person.phone_number || whatsappNumber(person.phone_number) === null)
      throw new AppError('users.verification_no_phone', {}, 'Add your mobile number to your profile first', {
        field: 'phone',
      });
    if (!maySendVerificationCode(person))
      throw new AppError('users.verification_already_verified', {}, 'Your mobile number is already verified');
    return { phone: person.phone_number, language: person.whatsapp_language };
  }

  return {
    /** Sends a new code to the person's current number (the older codes stop confirming). */
    async send(actor: AccessClaims, ip: string | null): Promise<TVerificationSent> {
      const now = clock.now();
      const { sent, secret } = await db.transaction(async (tx) => {
        const { phone, language } = await unverifiedNumber(tx, actor.userId);
        const sent = await repository.codesSentSince(tx, actor.userId, new Date(now.getTime() - HOUR_MS));
        if (sent.length >= VERIFICATION_CODES_PER_HOUR) {
          const seconds = Math.max(1, Math.ceil((sent[0]!.getTime() + HOUR_MS - now.getTime()) / 1000));
          throw new AppError(
            'users.verification_limit',
            { perHour: VERIFICATION_CODES_PER_HOUR, minutes: retryMinutes(seconds) },
            `At most ${VERIFICATION_CODES_PER_HOUR} codes can be sent an hour. ${retryMinutesText(seconds)}.`,
            { headers: { 'retry-after': String(seconds) } },
          );
        }
        const secret = await keyWithin(tx);
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        const expiresAt = new Date(now.getTime() + VERIFICATION_CODE_MINUTES * 60_000);
        const codeId = await repository.insertCode(tx, {
          user_id: actor.userId,
          phone_number: phone,
          code_hash: hashOf(secret, actor.userId, phone, code).toString('base64url'),
          expires_at: expiresAt,
          created_at: now,
        });
        const { deliveryId } = await queueWhatsappMessage(
          tx,
          context.jobs,
          {
            kind: 'template',
            origin: 'verification',
            userId: actor.userId,
            toNumber: whatsappNumber(phone)!,
            language: language as 'en' | 'mr' | 'hi',
            // What the lists show; the code travels only as the template's parameter.
            body: 'Verification code for the SRPF dashboard',
            templateName: context.config.whatsapp.authTemplate || DEFAULT_VERIFICATION_TEMPLATE,
            templateParams: [code],
            requestedBy: actor.userId,
          },
          now,
        );
        await repository.attachDelivery(tx, codeId, deliveryId);
        await audit(tx, {
          actorId: actor.userId,
          action: 'user.phone_verification',
          entityType: 'user',
          entityId: actor.userId,
          outcome: 'success',
          ip,
          details: { step: 'code_sent', delivery_id: deliveryId },
        });
        return {
          secret,
          sent: { phone_number: phone, expires_at: expiresAt.toISOString(), tries: VERIFICATION_CODE_TRIES },
        };
      });
      committedKey = secret;
      return sent;
    },

    /**
     * Confirms the newest code for the current number: wrong codes count (and are kept counted, the
     * refusal answered after the transaction commits), five make it dead; late or used codes never confirm.
     */
    async confirm(actor: AccessClaims, code: string, ip: string | null): Promise<TWhatsappConsent> {
      const now = clock.now();
      const refusal = await db.transaction(async (tx): Promise<AppError | null> => {
        const { phone } = await unverifiedNumber(tx, actor.userId);
        const pending = await repository.newestCode(tx, actor.userId);
        if (!pending || pending.used_at !== null || pending.phone_number !== phone)
          throw new AppError('users.verification_code_missing', {}, 'Send a code to your number first', {
            field: 'code',
          });
        if (pending.tries >= VERIFICATION_CODE_TRIES) return usedUp();
        if (pending.expires_at.getTime() <= now.getTime())
          throw new AppError('users.verification_code_expired', {}, 'The code has expired. Send a new code.', {
            field: 'code',
          });
        // A code exists, so its key does (made in the transaction that sent it): this only reads it.
        const secret = await keyWithin(tx);
        const expected = Buffer.from(pending.code_hash, 'base64url');
        const given = hashOf(secret, actor.userId, phone, code);
        if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
          const tries = await repository.countWrongTry(tx, pending.id);
          const triesLeft = Math.max(0, VERIFICATION_CODE_TRIES - tries);
          await audit(tx, {
            actorId: actor.userId,
            action: 'user.phone_verification',
            entityType: 'user',
            entityId: actor.userId,
            outcome: 'failure',
            ip,
            details: { step: 'wrong_code', tries_left: triesLeft },
          });
          if (triesLeft === 0) return usedUp();
          return new AppError(
            'users.verification_code_wrong',
            { triesLeft },
            `The code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
            { field: 'code' },
          );
        }
        await repository.markCodeUsed(tx, pending.id, now);
        if (
          !(await updateUser(tx, actor.userId, {
            phone_verified_at: now,
            phone_verified_source: 'self',
            phone_verified_by: actor.userId,
          }))
        )
          throw noLongerActive();
        await audit(tx, {
          actorId: actor.userId,
          action: 'user.phone_verification',
          entityType: 'user',
          entityId: actor.userId,
          outcome: 'success',
          ip,
          details: { step: 'confirmed', source: 'self' },
        });
        return null;
      });
      if (refusal) throw refusal;
      return consentOf(actor.userId);
    },
  };
}
export type PhoneVerificationService = ReturnType<typeof createPhoneVerificationService>;

const usedUp = () =>
  new AppError('users.verification_code_used_up', {}, 'Too many wrong codes. Send a new code.', { field: 'code' });

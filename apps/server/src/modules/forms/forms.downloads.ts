import { timingSafeEqual } from 'node:crypto';
import { FORM_DEFAULT_FILE_NAME } from '@srpf/shared';
import type { DerivedKey } from '../../lib/keys.js';
import { keyedHash } from '../../lib/secrets.js';

/**
 * Signed download addresses of forms (`GET /api/forms/{id}/file?token=`), opened in a new browser tab
 * without a bearer header. The token names its `form_downloads` row (the nonce, and the download
 * counted) and carries an HMAC-SHA-256, under the server's form-download key (HKDF of JWT_SECRET,
 * lib/keys.ts), of everything the row binds: the row, the form, the user and the expiry. Nothing of
 * the token is trusted before its MAC verifies against the row as stored, so a token cannot be moved
 * to another form, user or expiry; a token signed under JWT_SECRET_PREVIOUS still verifies during a
 * rotation, as access tokens do.
 */

/** What a download row binds a token to. */
export interface DownloadGrant {
  downloadId: number;
  formId: number;
  userId: number;
  expiresAt: Date;
}

const TOKEN_PATTERN = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/;

const signedText = (grant: DownloadGrant) =>
  `form-download:${grant.downloadId}:${grant.formId}:${grant.userId}:${grant.expiresAt.getTime()}`;

export function createDownloadSigner(keys: readonly DerivedKey[]) {
  const [current] = keys;
  if (!current) throw new Error('No form-download key');
  return {
    /** The token of a download row: `{row id}.{mac}`. */
    sign: (grant: DownloadGrant) => `${grant.downloadId}.${keyedHash(current.key, signedText(grant))}`,

    /** The row id a token names, or null when it is not a token of this shape (nothing is trusted yet). */
    downloadIdOf(token: string): number | null {
      const match = TOKEN_PATTERN.exec(token);
      const id = match ? Number(match[1]) : NaN;
      return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
    },

    /** Does the token carry the MAC of this row, as stored, under a key this server knows? */
    verify(token: string, grant: DownloadGrant): boolean {
      const match = TOKEN_PATTERN.exec(token);
      if (!match || Number(match[1]) !== grant.downloadId) return false;
      const given = Buffer.from(match[2]!);
      return keys.some((entry) => {
        const expected = Buffer.from(keyedHash(entry.key, signedText(grant)));
        return expected.length === given.length && timingSafeEqual(expected, given);
      });
    },
  };
}
export type DownloadSigner = ReturnType<typeof createDownloadSigner>;

/** The stem of a download's name when neither the file name nor the title leaves anything usable ('form' of 'form.pdf'). */
export const FORM_FILE_NAME_STEM = FORM_DEFAULT_FILE_NAME.replace(/\.pdf$/, '');

/** The address a form's signed download is fetched at. */
export const signedFileUrl = (formId: number, token: string) =>
  `/api/forms/${formId}/file?token=${encodeURIComponent(token)}`;

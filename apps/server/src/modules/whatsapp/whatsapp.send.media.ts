import { and, eq, gt } from 'drizzle-orm';
import { WHATSAPP_MEDIA_REUSE_MS } from '@srpf/shared';
import type { Database, Executor } from '../../db/client.js';
import { whatsappMedia } from '../../db/schema/index.js';
import type { FileStorage } from '../../lib/storage.js';
import type { WhatsappProvider } from './whatsapp.provider.js';

/**
 * A slip's PDF as WhatsApp media: uploaded once and its id reused while younger than
 * WHATSAPP_MEDIA_REUSE_MS (Meta keeps media 30 days), then uploaded again.
 */
/** A recent upload of the file that can be reused, or null. */
export async function reusableMediaId(
  executor: Executor,
  file: { key: string; phoneNumberId: string; now: Date },
): Promise<string | null> {
  const [kept] = await executor
    .select({ media_id: whatsappMedia.media_id })
    .from(whatsappMedia)
    .where(
      and(
        eq(whatsappMedia.file_key, file.key),
        eq(whatsappMedia.phone_number_id, file.phoneNumberId),
        gt(whatsappMedia.uploaded_at, new Date(file.now.getTime() - WHATSAPP_MEDIA_REUSE_MS)),
      ),
    );
  return kept?.media_id ?? null;
}

export async function mediaIdFor(
  deps: { db: Database; storage: FileStorage; provider: WhatsappProvider },
  file: { key: string; fileName: string; phoneNumberId: string; now: Date },
  signal?: AbortSignal,
): Promise<string> {
  const { db, storage, provider } = deps;
  const kept = await reusableMediaId(db, file);
  if (kept) return kept;
  const stored = await storage.get(file.key);
  if (!stored) throw new Error(`the slip's PDF ${file.key} is missing from storage`);
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream as AsyncIterable<Buffer | string>)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  const { mediaId } = await provider.uploadMedia(
    { bytes: Buffer.concat(chunks), fileName: file.fileName, mimeType: 'application/pdf' },
    signal,
  );
  await db
    .insert(whatsappMedia)
    .values({ file_key: file.key, phone_number_id: file.phoneNumberId, media_id: mediaId, uploaded_at: file.now })
    .onConflictDoUpdate({
      target: [whatsappMedia.file_key, whatsappMedia.phone_number_id],
      set: { media_id: mediaId, uploaded_at: file.now },
    });
  return mediaId;
}

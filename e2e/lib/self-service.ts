import type { Page } from '@playwright/test';
import type { GraphReceipt, LoopbackGraph, StoredMedia } from '@srpf/test-kit';
import { expect } from './fixtures.js';
import { slips, staffPhone, type Staff } from './payslip-whatsapp.js';

/**
 * Self-service over WhatsApp in the browser tests (issue 31): the administrator's switch in the
 * /whatsapp Settings panel, and what the loopback Graph server received for a person's number.
 */

/** The person's WhatsApp number: the mobile number createStaff gave them, with India's 91. */
export const staffNumber = (person: Staff) => `91${staffPhone(slips.staff.indexOf(person))}`;

/** On /whatsapp: Settings, the Cloud API is named, the self-service switch is turned on (as saved), Close. */
export async function switchSelfServiceOn(page: Page, phoneNumberId: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Messaging Settings' });
  await expect(dialog).toContainText(`WhatsApp Cloud API (phone number id ${phoneNumberId})`);
  const toggle = dialog.getByRole('switch', { name: "Answer people's requests automatically" });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(dialog).toContainText('(On)');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
}

/** The documents (free-form, inside the window) the loopback accepted for this number. */
export const documentsTo = (graph: LoopbackGraph, number: string) =>
  graph.receipts.filter((receipt) => receipt.to === number && receipt.message.kind === 'document');

/** The uploaded file a message carries (a document, or a template's document header), if any. */
export function mediaOf(graph: LoopbackGraph, receipt: GraphReceipt): StoredMedia | undefined {
  const { message } = receipt;
  const id =
    message.kind === 'document'
      ? message.document.id
      : message.kind === 'template'
        ? message.headerDocument?.id
        : undefined;
  return id === undefined ? undefined : graph.media.get(id);
}

/** A detail page's id from the address, or null when it is not a positive whole number (shown as not found). */
export function parseDocumentId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

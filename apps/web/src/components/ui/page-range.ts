/** "Showing 11 to 20 of 42": the positions of the first and last row of a page (0 to 0 when empty). */
export function pageRange(page: number, limit: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = (page - 1) * limit + 1;
  return { from: Math.min(from, total), to: Math.min(page * limit, total) };
}

/** A count as shown: "1000+" when the server stopped counting there (there are more). */
export const shownCount = (count: number, capped: boolean): string => (capped ? `${count}+` : String(count));

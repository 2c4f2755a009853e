/** A typed remark as the stored rich text: each line a paragraph, escaped; undefined when blank. */
export function remarkHtml(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  return trimmed
    .split(/\n+/)
    .map((line) => `<p>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`)
    .join('');
}

/**
 * The pre-rendered sign-in page (apps/web/scripts/prerender.mjs) shows its form before any
 * JavaScript runs. Until the form is live its inline script keeps a submission from happening
 * natively (the password would go into the address) and notes it on #root; the form takes over
 * once hydrated.
 */

/** Marks the page live (the inline script stops holding submissions back); answers whether one was held back. */
export function takeOverPrerenderedForm(): boolean {
  const root = document.getElementById('root');
  if (!root) return false;
  const held = root.hasAttribute('data-submitted');
  root.removeAttribute('data-submitted');
  root.setAttribute('data-hydrated', '');
  return held;
}

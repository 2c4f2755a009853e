import type { Page } from '@playwright/test';

/** The two screens every page must fit: a 1366 px desk and a 390 px phone. */
export const DESK = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };

/**
 * What makes the page pan sideways or hides part of it off its right edge, as short descriptions
 * (empty when nothing does): the document wider than the window, a box scrolling sideways that is not
 * meant to (a code block, `pre` or `[data-scrolls-by-design]`, is), or a visible element reaching
 * past the window's edge outside a box that clips it.
 */
export function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      found.push(`the page is ${root.scrollWidth} px wide in ${root.clientWidth}`);

    const describe = (element: Element) => {
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const name = element.getAttribute('aria-label') ?? element.getAttribute('data-testid') ?? text;
      return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> "${name}"`;
    };
    const byDesign = (element: Element) => element.closest('pre, code, [data-scrolls-by-design]') !== null;
    const clips = (style: CSSStyleDeclaration) => style.overflowX !== 'visible';
    const width = root.clientWidth;

    for (const element of document.body.querySelectorAll('*')) {
      if (byDesign(element) || !element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const style = getComputedStyle(element);
      if (
        (style.overflowX === 'auto' || style.overflowX === 'scroll') &&
        element.scrollWidth > element.clientWidth + 1
      ) {
        found.push(`${describe(element)} scrolls sideways: ${element.scrollWidth} px in ${element.clientWidth}`);
        continue;
      }
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || (box.right <= width + 1 && box.left >= -1)) continue;
      // Inside a box that clips it, the part past the edge is hidden by design (a closed drawer, a truncated name).
      let clipped = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (clips(getComputedStyle(parent))) {
          clipped = true;
          break;
        }
      }
      if (!clipped)
        found.push(`${describe(element)} reaches ${Math.round(box.left)}–${Math.round(box.right)} px of ${width}`);
    }
    return found;
  });
}

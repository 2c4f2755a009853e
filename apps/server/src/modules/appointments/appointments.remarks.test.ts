import { describe, expect, it } from 'vitest';
import { remarkChanges, sanitizeRemark } from './appointments.remarks.js';

describe('sanitizeRemark', () => {
  it('keeps the editor’s own markup', () => {
    const html =
      '<h1>A</h1><h3 class="ql-align-justify">B</h3><p>x<br />y <b>b</b> <i>i</i> <strike>s</strike></p><ul><li>one</li></ul><ol><li data-list="ordered">two</li></ol>';
    expect(sanitizeRemark(html)).toBe(html);
    expect(sanitizeRemark('<p>x<br>y</p>')).toBe('<p>x<br />y</p>');
  });

  it('drops scripts in any spelling, handlers, styles and unknown tags, keeping their text', () => {
    expect(sanitizeRemark('<p>a<SCRIPT>evil()</SCRIPT>b</p>')).toBe('<p>ab</p>');
    expect(sanitizeRemark('<p onclick="x()" style="color:red" id="p1" class="ql-align-center evil">t</p>')).toBe(
      '<p class="ql-align-center">t</p>',
    );
    expect(sanitizeRemark('<h4>four</h4><div><table><tr><td>cell</td></tr></table></div>')).toBe('fourcell');
    expect(sanitizeRemark('<style>p{}</style><p>x</p><object data="x"></object><embed src="y">')).toBe('<p>x</p>');
    expect(sanitizeRemark('<p>5 &lt; 6 &amp; "q"</p>')).toBe('<p>5 &lt; 6 &amp; "q"</p>');
  });

  it('keeps only http, https and mailto links, always with rel="noopener noreferrer"', () => {
    expect(sanitizeRemark('<a href="https://x.example" rel="opener" target="_self">x</a>')).toBe(
      '<a href="https://x.example" rel="noopener noreferrer">x</a>',
    );
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:x',
      '//evil.example/x',
    ]) {
      expect(sanitizeRemark(`<a href="${href}">x</a>`), href).toBe('<a rel="noopener noreferrer">x</a>');
    }
  });

  it('turns an empty editor into null', () => {
    expect(sanitizeRemark('<p><br></p>')).toBeNull();
    expect(sanitizeRemark('<p>&nbsp;</p><script>x</script>')).toBeNull();
    expect(sanitizeRemark('')).toBeNull();
    expect(sanitizeRemark(null)).toBeNull();
  });
});

describe('remarkChanges', () => {
  it('passes unchanged remarks of other roles and refuses changed ones', () => {
    expect(
      remarkChanges(
        { clerk_remarks: '<p>a</p>', officer_remarks: '<p>seen</p>' },
        { officer_remarks: '<p>seen</p>' },
        'clerk',
      ),
    ).toEqual({ clerk_remarks: '<p>a</p>' });
    expect(() => remarkChanges({ commandant_remarks: '<p>x</p>' }, {}, 'officer')).toThrow(
      'Only a commandant can write commandant remarks',
    );
    expect(() => remarkChanges({ clerk_remarks: '<p>x</p>' }, {}, null)).toThrow(
      'Only a clerk can write clerk remarks',
    );
    expect(remarkChanges({ clerk_remarks: '<p><br></p>' }, {}, null)).toEqual({});
  });
});

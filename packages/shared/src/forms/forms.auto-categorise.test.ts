import { describe, expect, it } from 'vitest';
import { autoCategorise, fileNameWords, resolveFolderPath, type FolderPathNode } from './forms.auto-categorise.js';
import { DEFAULT_FORM_TREE, type DefaultFolder } from './forms.default-tree.js';

const pathOf = (fileName: string) => autoCategorise(fileName)?.path ?? null;

describe('auto-categorise: the rules of section 5, in English', () => {
  it.each([
    ['GPF refund form.pdf', ['gpf', 'refundable']],
    ['Provident fund refundable advance.pdf', ['gpf', 'refundable']],
    ['gpf non refundable.pdf', ['gpf', 'non-refundable']],
    ['GPF-non-refundable.pdf', ['gpf', 'non-refundable']],
    ['GPF NA withdrawal.pdf', ['gpf', 'non-refundable']],
    ['GPF nomination.pdf', ['gpf']],
    ['medical bill.pdf', ['medical-bills']],
    ['medical a form.pdf', ['medical-bills', 'a-form']],
    ['Medical CD form.pdf', ['medical-bills', 'cd-form']],
    ['cd_form.pdf', ['medical-bills', 'cd-form']],
    ['LTC travel claim.pdf', ['ltc']],
    ['LTC Maharashtra Darshan.pdf', ['ltc', 'maharashtra-darshan']],
    ['travel swagram.pdf', ['ltc', 'swagram']],
    ['agrim application.pdf', ['government-agrim']],
    ['Computer advance.pdf', ['government-agrim', 'computer']],
    ['house building advance.pdf', ['government-agrim', 'home']],
    ['motorcycle agrim.pdf', ['government-agrim', 'motorcycle']],
    ['circular.pdf', ['paripatrak', 'old', '2025']],
    ['Paripatrak list.pdf', ['paripatrak', 'old', '2025']],
    ['welfare fund.pdf', ['welfare-schemes']],
    ['anudan eklavya.pdf', ['welfare-schemes', 'eklavya']],
    ['Yojana shishvrutti.pdf', ['welfare-schemes', 'shishvrutti']],
    ['welfare daptar.pdf', ['welfare-schemes', 'daptar']],
    ['welfare pustak.pdf', ['welfare-schemes', 'pustak']],
  ])('%s → %j', (fileName, expected) => {
    expect(pathOf(fileName)).toEqual(expected);
  });
});

describe('auto-categorise: Marathi words', () => {
  it.each([
    ['भविष्य निर्वाह निधी परतावा.pdf', ['gpf', 'refundable']],
    ['जीपीएफ ना परतावा अर्ज.pdf', ['gpf', 'non-refundable']],
    ['वैद्यकीय देयक.pdf', ['medical-bills']],
    ['वैद्यकीय अ नमुना.pdf', ['medical-bills', 'a-form']],
    ['प्रवास सवलत.pdf', ['ltc']],
    ['प्रवास स्वग्राम.pdf', ['ltc', 'swagram']],
    ['संगणक अग्रिम अर्ज.pdf', ['government-agrim', 'computer']],
    ['गृह बांधणी अग्रिम.pdf', ['government-agrim', 'home']],
    ['दुचाकी अर्ज.pdf', ['government-agrim', 'motorcycle']],
    ['मोटारसायकल अग्रिम.pdf', ['government-agrim', 'motorcycle']],
    ['परिपत्रक 2025.pdf', ['paripatrak', 'old', '2025']],
    ['कल्याण निधी.pdf', ['welfare-schemes']],
    ['शिष्यवृत्ती योजना.pdf', ['welfare-schemes', 'shishvrutti']],
    ['अनुदान एकलव्य.pdf', ['welfare-schemes', 'eklavya']],
  ])('%s → %j', (fileName, expected) => {
    expect(pathOf(fileName)).toEqual(expected);
  });
});

describe('auto-categorise: whole words only', () => {
  it('does not match a keyword inside a longer word', () => {
    expect(pathOf('final report.pdf')).toBeNull(); // 'na' inside 'final'
    expect(pathOf('gpf final statement.pdf')).toEqual(['gpf']); // not non-refundable
    expect(pathOf('homework.pdf')).toBeNull();
    expect(pathOf('travelling.pdf')).toBeNull();
    expect(pathOf('circulars index.pdf')).toBeNull();
  });

  it('reads underscores, hyphens and dots as word breaks and ignores case', () => {
    expect(fileNameWords('GPF_Non-Refundable.v2.PDF')).toEqual(['gpf', 'non', 'refundable', 'v2']);
    expect(pathOf('LTC.MAHARASHTRA.pdf')).toEqual(['ltc', 'maharashtra-darshan']);
  });

  it('keeps Devanagari vowel signs inside a word', () => {
    expect(fileNameWords('शिष्यवृत्ती योजना.pdf')).toEqual(['शिष्यवृत्ती', 'योजना']);
  });

  it('files a subfolder word alone only where it cannot mean anything else', () => {
    expect(pathOf('eklavya.pdf')).toEqual(['welfare-schemes', 'eklavya']);
    expect(pathOf('home guard duty.pdf')).toBeNull();
    expect(pathOf('refund.pdf')).toBeNull();
  });

  it('files nothing when no rule matches', () => {
    expect(pathOf('duty roster.pdf')).toBeNull();
    expect(pathOf('.pdf')).toBeNull();
  });
});

describe('auto-categorise: precedence', () => {
  it('prefers a match down to a subfolder over a category alone', () => {
    // gpf/refundable (subfolder) beats the circular's category and the advance's.
    expect(pathOf('Circular on GPF advance refund.pdf')).toEqual(['gpf', 'refundable']);
    // agrim/computer beats a bare circular.
    expect(pathOf('circular computer advance.pdf')).toEqual(['government-agrim', 'computer']);
  });

  it('takes the stated order between equals', () => {
    expect(pathOf('GPF travel.pdf')).toEqual(['gpf']);
    expect(pathOf('travel advance.pdf')).toEqual(['ltc']);
    expect(pathOf('welfare circular.pdf')).toEqual(['paripatrak', 'old', '2025']);
  });

  it('takes the first subfolder rule: non-refundable before refundable', () => {
    expect(pathOf('GPF non refundable.pdf')).toEqual(['gpf', 'non-refundable']);
  });
});

function toNodes(folders: readonly DefaultFolder[], next = { id: 1 }): FolderPathNode[] {
  return folders.map((folder) => ({
    id: next.id++,
    slug: folder.slug,
    name: folder.name,
    children: toNodes(folder.children ?? [], next),
  }));
}

describe('resolveFolderPath', () => {
  const tree = toNodes(DEFAULT_FORM_TREE);

  it('finds every default folder the rules point at', () => {
    const resolved = resolveFolderPath(tree, ['paripatrak', 'old', '2025']);
    expect(resolved.missing).toBeNull();
    expect(resolved.names).toEqual(['Paripatrak', 'Old', '2025']);
    expect(
      [resolved.categoryId, resolved.subcategoryId, resolved.subSubcategoryId].every((id) => typeof id === 'number'),
    ).toBe(true);
  });

  it('leaves a file uncategorised with a note when the category is gone', () => {
    const withoutGpf = tree.filter((folder) => folder.slug !== 'gpf');
    expect(resolveFolderPath(withoutGpf, ['gpf', 'refundable'])).toEqual({
      categoryId: null,
      subcategoryId: null,
      subSubcategoryId: null,
      names: [],
      missing: 'gpf',
    });
  });

  it('files as deep as the path exists when a subfolder was renamed', () => {
    const renamed = tree.map((folder) => (folder.slug === 'gpf' ? { ...folder, children: [] } : folder));
    const resolved = resolveFolderPath(renamed, ['gpf', 'refundable']);
    expect(resolved.categoryId).toBe(tree.find((folder) => folder.slug === 'gpf')!.id);
    expect(resolved.subcategoryId).toBeNull();
    expect(resolved.missing).toBe('refundable');
  });

  it('every rule of the default tree resolves', () => {
    for (const name of [
      'GPF refund form.pdf',
      'medical a form.pdf',
      'LTC swagram.pdf',
      'motorcycle advance.pdf',
      'circular.pdf',
      'welfare pustak.pdf',
    ]) {
      expect(resolveFolderPath(tree, autoCategorise(name)!.path).missing).toBeNull();
    }
  });
});

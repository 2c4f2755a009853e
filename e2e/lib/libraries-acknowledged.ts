import type { Page } from '@playwright/test';
import { test, expect, ADMIN, signInAs } from './fixtures.js';
import {
  chosenOption,
  createCategory,
  createSubcategory,
  createUser,
  deleteDocument,
  documentAction,
  documentMenuItems,
  documentRow,
  folderAction,
  expectDownloadedPdf,
  expectViewedPdf,
  folderCard,
  LIBRARY_TEXTS,
  makePdf,
  openFolder,
  pdfFile,
  showFolders,
  type LibraryTexts,
} from './libraries-ui.js';

/**
 * The browser tests of circulars and government decisions, the libraries whose documents are
 * acknowledged (spec document 1, sections 2 to 7): the same screen as orders with Tags,
 * Mandatory/Optional and the acknowledgments. One suite, run by tests/libraries-circulars.test.ts
 * and tests/libraries-government-decisions.test.ts, each on a server of its own (a worker option
 * such as `serverEnv` can only be set at the top of a test file), since the tests add and remove data.
 */
export interface AcknowledgedCase {
  library: 'circulars' | 'government-decisions';
  texts: LibraryTexts;
  category: string;
  subcategory: string;
  document: { title: string; edited: string; content: string; tags: string; file: string; searchWord: string };
  other: { title: string; file: string };
  /** Filed and corrected by a viewer. */
  byViewer: { title: string; edited: string };
  acknowledge: string;
  acknowledged: string;
  /**
   * Circulars are acknowledged here on their detail page (section 2); decisions on the list, whose
   * rows offer it too (their detail page is tested in tests/libraries-versions.test.ts).
   */
  acknowledgeOn: 'detail' | 'list';
  /** Where a row's title leads. */
  detailPath: RegExp;
}

export const ACKNOWLEDGED_CASES = {
  circulars: {
    library: 'circulars',
    texts: LIBRARY_TEXTS.circulars,
    category: 'Establishment Circulars',
    subcategory: 'Uniform and Kit',
    document: {
      title: 'Winter uniform for all companies',
      edited: 'Winter uniform for all companies (revised)',
      content: 'Woollen jerseys are to be worn from 1 December.',
      tags: 'uniform, winter',
      file: 'winter-uniform.pdf',
      searchWord: 'jerseys',
    },
    other: { title: 'Annual firing practice schedule', file: 'firing-practice.pdf' },
    byViewer: { title: 'Canteen timings during Diwali', edited: 'Canteen timings during Diwali (corrected)' },
    acknowledge: 'Acknowledge Circular',
    acknowledged: 'Circular acknowledged',
    acknowledgeOn: 'detail',
    detailPath: /\/circulars\/\d+$/,
  },
  'government-decisions': {
    library: 'government-decisions',
    texts: LIBRARY_TEXTS['government-decisions'],
    category: 'गृह विभाग',
    subcategory: 'पोलीस गृहनिर्माण',
    document: {
      title: 'पोलीस गृहनिर्माण योजनेस मान्यता',
      edited: 'पोलीस गृहनिर्माण योजनेस सुधारित मान्यता',
      content: 'दौंड येथील राज्य राखीव पोलीस बल गट क्रमांक ५ साठी निवासस्थाने.',
      tags: 'गृहनिर्माण, housing',
      file: 'gr-police-housing.pdf',
      searchWord: 'निवासस्थाने',
    },
    other: { title: 'Revised travel allowance rates', file: 'gr-travel-allowance.pdf' },
    byViewer: { title: 'रजा प्रवास सवलत नियम', edited: 'रजा प्रवास सवलत नियम (सुधारित)' },
    acknowledge: 'Acknowledge Decision',
    acknowledged: 'Government decision acknowledged',
    acknowledgeOn: 'list',
    detailPath: /\/government-decisions\/\d+$/,
  },
} as const satisfies Record<AcknowledgedCase['library'], AcknowledgedCase>;

const listView = (page: Page) => page.getByRole('button', { name: 'List view' });
const searchBox = (page: Page, texts: LibraryTexts) => page.getByPlaceholder(texts.searchPlaceholder);

export function describeAcknowledgedLibrary(c: AcknowledgedCase): void {
  const { texts } = c;

  test.describe(`${c.library} library`, () => {
    test.beforeEach(async ({ page, signIn }) => {
      await signIn();
      await page.goto(texts.path);
      await expect(page.getByRole('heading', { name: texts.title, level: 1 })).toBeVisible();
    });

    test('shows its title, buttons, search and empty states', async ({ page }) => {
      await expect(page.getByRole('button', { name: texts.newDocument })).toBeVisible();
      await expect(searchBox(page, texts)).toBeVisible();
      // The library opens on its list (issue 29), empty so far.
      await expect(listView(page)).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText(texts.empty)).toBeVisible();
      // No folders yet: only the dashed New Folder card beside the header's button.
      await showFolders(page);
      await expect(page.getByRole('button', { name: /Browse$/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /New Folder/ })).toHaveCount(2);

      await listView(page).click();
      await expect(listView(page)).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText(texts.empty)).toBeVisible();
      await page.getByRole('button', { name: texts.upload }).click();
      const upload = page.getByRole('dialog', { name: texts.uploadTitle });
      for (const label of ['Title', 'PDF Document', 'Date', 'Category', 'Tags']) {
        await expect(upload.getByLabel(label, { exact: true })).toBeVisible();
      }
      await expect(upload.getByText('PDF files only, up to 10MB')).toBeVisible();
      // Subcategory shows only once a category is chosen.
      await expect(upload.getByLabel('Subcategory', { exact: true })).toHaveCount(0);
      await upload.getByRole('button', { name: 'Upload' }).click();
      for (const message of ['Title is required', 'Date is required', 'Please select a PDF file']) {
        await expect(upload.getByText(message)).toBeVisible();
      }
      await upload.getByRole('button', { name: 'Cancel' }).click();
      await expect(upload).toBeHidden();

      await searchBox(page, texts).fill('nothing like this');
      await expect(page).toHaveURL(/[?&]q=nothing/);
      await expect(page.getByText(texts.empty)).toBeVisible();
    });

    test('folders, upload, browse, search, view, download, edit, acknowledge and delete, as a clerk would', async ({
      page,
      context,
      baseURL,
    }) => {
      // Folders: a category, then a subcategory inside it from the card's hover button.
      await createCategory(page, c.category, 'Filed by the establishment branch');
      await createSubcategory(page, c.category, c.subcategory);
      await expect(folderCard(page, c.category)).toContainText('1 subcategory');

      // Browse: the category shows its subcategory; an empty subcategory shows the list's empty state.
      await openFolder(page, c.category);
      const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(breadcrumb).toContainText(c.category);
      await openFolder(page, c.subcategory);
      await expect(breadcrumb).toContainText(c.subcategory);
      await expect(page.getByText(texts.empty)).toBeVisible();

      // Upload into the open folder: it is preselected in the form.
      await page.getByRole('button', { name: texts.upload }).click();
      const upload = page.getByRole('dialog', { name: texts.uploadTitle });
      await expect(chosenOption(upload.getByLabel('Category', { exact: true }))).toContainText(c.category);
      await expect(chosenOption(upload.getByLabel('Subcategory', { exact: true }))).toContainText(c.subcategory);
      const pdf = makePdf(`SRPF ${c.library} ${c.document.file}`);
      await upload.getByLabel('Title').fill(c.document.title);
      await upload.getByLabel('PDF Document').setInputFiles(pdfFile(c.document.file, pdf));
      await expect(upload.getByText(new RegExp(`${c.document.file} \\(`))).toBeVisible();
      await upload.getByLabel('Date').fill('21/11/2026');
      await upload.getByLabel('Content').fill(c.document.content);
      await upload.getByLabel('Tags').fill(c.document.tags);
      await upload.getByLabel(/^Mandatory/).check();
      await upload.getByRole('button', { name: 'Upload' }).click();
      await expect(page.getByText(texts.uploaded)).toBeVisible();
      await expect(upload).toBeHidden();

      const row = documentRow(page, c.document.title);
      await expect(row).toContainText(c.category);
      await expect(row).toContainText(c.subcategory);
      await expect(row).toContainText(c.document.content);
      await expect(row).toContainText('Effective: 21/11/2026');
      await expect(row).toContainText('Mandatory');
      await expect(row).toContainText('0 acknowledgments');
      for (const tag of c.document.tags.split(',')) await expect(row).toContainText(`#${tag.trim()}`);

      // Home: the folder now counts the document.
      await breadcrumb.getByRole('button', { name: 'Home' }).click();
      await expect(folderCard(page, c.category)).toContainText('1 document');

      // A second document, from the header, outside any folder, without Mandatory.
      await listView(page).click();
      await page.getByRole('button', { name: texts.newDocument }).click();
      const second = page.getByRole('dialog', { name: texts.uploadTitle });
      await second.getByLabel('Title').fill(c.other.title);
      await second.getByLabel('PDF Document').setInputFiles(pdfFile(c.other.file));
      await second.getByLabel('Date').fill('01/12/2026');
      await second.getByRole('button', { name: 'Upload' }).click();
      await expect(second).toBeHidden();
      const otherRow = documentRow(page, c.other.title);
      await expect(otherRow).toContainText('Optional');
      await expect(page.getByRole('article')).toHaveCount(2);

      // Search finds words of the content, in any script; a word of nothing finds nothing.
      await searchBox(page, texts).fill(c.document.searchWord);
      await expect(page.getByRole('article')).toHaveCount(1);
      await expect(row).toBeVisible();
      await searchBox(page, texts).fill('xyzzy');
      await expect(page.getByText(texts.empty)).toBeVisible();
      await page.getByRole('button', { name: 'Clear search' }).click();
      await expect(page.getByRole('article')).toHaveCount(2);

      // View opens the PDF in a new tab; Download saves it as a .pdf file.
      await expectViewedPdf(context, row);
      await expectDownloadedPdf(page, row, pdf);

      // Edit Details: the form shows the stored values; the new title replaces the old one.
      await documentAction(row, 'Edit Details');
      const edit = page.getByRole('dialog', { name: texts.editTitle });
      await expect(edit.getByLabel('Title')).toHaveValue(c.document.title);
      await expect(edit.getByText(`Current file: ${c.document.file}`)).toBeVisible();
      await expect(edit.getByLabel('Tags')).toHaveValue(c.document.tags);
      await expect(edit.getByLabel(/^Mandatory/)).toBeChecked();
      await edit.getByLabel('Title').fill(c.document.edited);
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText(texts.updated)).toBeVisible();
      await expect(edit).toBeHidden();
      const edited = documentRow(page, c.document.edited);
      await expect(edited).toContainText(c.category);
      await expect(documentRow(page, c.document.title)).toHaveCount(0);

      // A new title alone is no new version.
      await expect(edited).not.toContainText('Version 2');
      await expect(edited.getByRole('link', { name: c.document.edited })).toHaveAttribute('href', c.detailPath);

      // Acknowledge: the button goes away and the count includes the user.
      await expect(edited.getByRole('button', { name: c.acknowledge })).toBeVisible();
      if (c.acknowledgeOn === 'detail') {
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await edited.getByRole('link', { name: c.document.edited }).click();
        // The title is the page's heading, its number above it.
        await expect(page.getByRole('heading', { name: c.document.edited, level: 1 })).toBeVisible();
        const number = page.getByText(/^Circular #\d+$/);
        await expect(number).toBeVisible();
        const id = /#(\d+)$/.exec((await number.textContent()) ?? '')![1];
        await expect(page.getByText(c.document.content)).toBeVisible();
        await expect(page.getByText('No one has acknowledged this circular yet.')).toBeVisible();
        await page.getByRole('button', { name: c.acknowledge }).click();
        await expect(page.getByText(c.acknowledged)).toBeVisible();
        await expect(page.getByRole('button', { name: c.acknowledge })).toHaveCount(0);
        const acknowledgments = page.getByRole('region', { name: 'Acknowledgments' });
        await expect(acknowledgments).toContainText(ADMIN.email);
        await expect(acknowledgments).toContainText('1 acknowledgment');
        await expect(acknowledgments.getByText('Acknowledged', { exact: true })).toBeVisible();

        await page.getByRole('button', { name: 'Share Circular' }).click();
        await expect(page.getByText('Link to this circular copied to the clipboard')).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/circulars/${id}`);

        await page
          .getByRole('link', { name: 'Back to Circulars' })
          .or(page.getByRole('button', { name: 'Back to Circulars' }))
          .first()
          .click();
        await listView(page).click();
      } else {
        await edited.getByRole('button', { name: c.acknowledge }).click();
        await expect(page.getByText(c.acknowledged)).toBeVisible();
      }
      await expect(edited.getByRole('button', { name: c.acknowledge })).toHaveCount(0);
      await expect(edited).toContainText('1 acknowledgment');
      await expect(edited).toContainText('Acknowledged by you');
      await expect(otherRow.getByRole('button', { name: c.acknowledge })).toBeVisible();
      await page.reload();
      await expect(edited).toContainText('1 acknowledgment');
      await expect(edited.getByRole('button', { name: c.acknowledge })).toHaveCount(0);

      // Delete asks first; once both documents are gone the empty state returns.
      await deleteDocument(page, texts, c.document.edited);
      await deleteDocument(page, texts, c.other.title);
      await expect(page.getByText(texts.empty)).toBeVisible();
      await expect(page.getByRole('button', { name: texts.upload })).toBeVisible();

      // The category goes too, after its own confirmation.
      await showFolders(page);
      const card = folderCard(page, c.category);
      await folderAction(page, c.category, `Delete ${c.category}`);
      const confirm = page.getByRole('dialog').filter({ hasText: texts.deleteCategoryConfirm });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Category deleted successfully')).toBeVisible();
      await expect(card).toHaveCount(0);
    });

    test('a viewer files and corrects documents but is offered no Delete; an administrator deletes', async ({
      page,
      browser,
      request,
      baseURL,
    }) => {
      const viewer = await createUser(request, 'viewer', 'Kavita');
      const viewerContext = await browser.newContext({
        baseURL,
        locale: 'en-IN',
        timezoneId: 'Asia/Kolkata',
        viewport: { width: 1366, height: 900 },
      });
      try {
        const viewerPage = await viewerContext.newPage();
        await signInAs(viewerPage, viewer);
        await viewerPage.goto(texts.path);
        await expect(viewerPage.getByRole('heading', { name: texts.title, level: 1 })).toBeVisible();
        // A viewer holds upload_documents; folders (manage_categories) and deleting (delete_documents) are grants.
        await expect(viewerPage.getByRole('button', { name: 'New Folder' })).toHaveCount(0);
        await listView(viewerPage).click();
        await viewerPage.getByRole('button', { name: texts.newDocument }).click();
        const upload = viewerPage.getByRole('dialog', { name: texts.uploadTitle });
        await upload.getByLabel('Title').fill(c.byViewer.title);
        await upload.getByLabel('PDF Document').setInputFiles(pdfFile('viewer-upload.pdf'));
        await upload.getByLabel('Date').fill('15/10/2026');
        await upload.getByRole('button', { name: 'Upload' }).click();
        await expect(viewerPage.getByText(texts.uploaded)).toBeVisible();

        const row = documentRow(viewerPage, c.byViewer.title);
        await expect(row.getByRole('button', { name: c.acknowledge })).toBeVisible();
        // The rest in the row's menu, with no Delete for a viewer.
        expect(await documentMenuItems(row)).toEqual(['View PDF', 'Download PDF', 'Edit Details']);
        await documentAction(row, 'Edit Details');
        const edit = viewerPage.getByRole('dialog', { name: texts.editTitle });
        await edit.getByLabel('Title').fill(c.byViewer.edited);
        await edit.getByRole('button', { name: 'Save Changes' }).click();
        await expect(viewerPage.getByText(texts.updated)).toBeVisible();
        const edited = documentRow(viewerPage, c.byViewer.edited);
        await expect(edited).toBeVisible();
        expect(await documentMenuItems(edited)).not.toContain('Delete');
      } finally {
        await viewerContext.close();
      }

      // The administrator (signed in on the other page) sees the viewer's document and may delete it.
      await listView(page).click();
      await deleteDocument(page, texts, c.byViewer.edited);
      await expect(page.getByText(texts.empty)).toBeVisible();
    });
  });
}

import { readFileSync } from 'node:fs';
import { expectNoAxeViolations, useTheme } from '../lib/axe.js';
import { test, expect, ADMIN } from '../lib/fixtures.js';
import { LibrariesApi } from '../lib/libraries-api.js';
import { documentRow, makePdf, pdfFile } from '../lib/libraries-ui.js';

// A server of its own: these tests change, correct and replace documents.
test.use({ serverEnv: { E2E_LIBRARY: 'versions' } });

test.describe('official documents keep their versions', () => {
  test('replacing a circular’s PDF makes version 2; the earlier acknowledgment stays, marked for version 1', async ({
    page,
    server,
    signIn,
  }) => {
    const api = await LibrariesApi.signIn(server);
    const first = makePdf('Monsoon duty roster - first issue');
    const circular = await api.upload('circulars', {
      title: 'Monsoon duty roster',
      content: 'Duties from 1 June to 30 September.',
      fileName: 'monsoon-roster.pdf',
      pdf: first,
    });
    await api.review('circulars', circular.id, 'acknowledge');

    await signIn();
    await page.goto(`/circulars/${circular.id}`);
    await expect(page.getByText(`Circular #${circular.id}`, { exact: true })).toBeVisible();
    const versions = page.getByRole('region', { name: 'Versions' });
    const acknowledgments = page.getByRole('region', { name: 'Acknowledgments' });
    await expect(versions).toContainText('1 version');
    await expect(versions.getByRole('listitem')).toHaveCount(1);
    await expect(acknowledgments).toContainText('1 acknowledgment');
    await expect(acknowledgments.getByText('Acknowledged', { exact: true })).toBeVisible();

    // Edit Circular: a new PDF replaces the current one.
    await page.getByRole('button', { name: 'Edit Circular' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Circular' });
    await expect(edit.getByText('Current file: monsoon-roster.pdf')).toBeVisible();
    await edit.getByLabel('PDF Document').setInputFiles(pdfFile('monsoon-roster-revised.pdf'));
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Circular updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();

    // Two versions, newest first and marked current; the first keeps its own file.
    await expect(versions).toContainText('2 versions');
    const items = versions.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Version 2');
    await expect(items.nth(0)).toContainText('Current');
    await expect(items.nth(0)).toContainText('monsoon-roster-revised.pdf');
    await expect(items.nth(1)).toContainText('Version 1');
    await expect(items.nth(1)).toContainText('monsoon-roster.pdf');
    await expect(items.nth(1).getByText('Current', { exact: true })).toHaveCount(0);

    // The acknowledgment given before the change is for version 1; the current version has none yet.
    await expect(acknowledgments.getByText('Acknowledged for version 1')).toBeVisible();
    await expect(acknowledgments).toContainText('0 acknowledgments');
    await expect(page.getByRole('button', { name: 'Acknowledge Circular' })).toBeVisible();

    // Version 1's PDF can still be downloaded, byte for byte.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      items.nth(1).getByRole('button', { name: 'Download Version 1' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(readFileSync(await download.path()).equals(first)).toBe(true);

    // Acknowledging again counts for version 2.
    await page.getByRole('button', { name: 'Acknowledge Circular' }).click();
    await expect(page.getByText('Circular acknowledged')).toBeVisible();
    await expect(acknowledgments).toContainText('1 acknowledgment');
    await expect(acknowledgments.getByText('Acknowledged', { exact: true })).toBeVisible();
    await expect(acknowledgments.getByText('Acknowledged for version 1')).toBeVisible();

    // The list says which version a document is at.
    await page.goto('/circulars?view=list');
    await expect(documentRow(page, circular.title)).toContainText('Version 2');
  });

  test('an approved order is final: no Edit, and a correction supersedes it', async ({ page, server, signIn }) => {
    const api = await LibrariesApi.signIn(server);
    const pending = await api.upload('orders', { title: 'Leave roster for Diwali' });
    const order = await api.upload('orders', { title: 'Transfer of PC 1021 to Daund', effectiveDate: '2026-06-01' });
    await api.review('orders', order.id, 'approve');

    await signIn();
    // A pending order can still be edited.
    await page.goto(`/orders/${pending.id}`);
    await expect(page.getByText(`Order #${pending.id}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Order' })).toBeVisible();

    await page.goto(`/orders/${order.id}`);
    await expect(page.getByText(`Order #${order.id}`, { exact: true })).toBeVisible();
    await expect(page.getByText('This order has been approved and is final')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Order' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Versions' })).toContainText('Version 1');

    // File a Correction: a new order, prefilled from this one, that supersedes it.
    await page.getByRole('button', { name: 'File a Correction' }).click();
    const form = page.getByRole('dialog', { name: 'File a Correction' });
    await expect(form).toContainText(`This new order corrects “${order.title}”`);
    await expect(form.getByLabel('Title')).toHaveValue(order.title);
    await expect(form.getByLabel('Date')).toHaveValue('01/06/2026');
    await form.getByLabel('Title').fill('Transfer of PC 1021 to Pune (corrected)');
    await form.getByLabel('PDF Document').setInputFiles(pdfFile('transfer-corrected.pdf'));
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Order uploaded successfully')).toBeVisible();
    await expect(form).toBeHidden();

    // The correction's page names the order it supersedes; it awaits approval itself, and until then
    // it is a proposal: the original does not name it.
    await expect(page).not.toHaveURL(new RegExp(`/orders/${order.id}$`));
    const correctionUrl = page.url();
    await expect(page.getByText('Transfer of PC 1021 to Pune (corrected)')).toBeVisible();
    await expect(page.getByText('Supersedes:')).toBeVisible();
    await page.getByRole('link', { name: order.title }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
    await expect(page.getByText(`Order #${order.id}`, { exact: true })).toBeVisible();
    await expect(page.getByText('This order has been approved and is final')).toBeVisible();
    await expect(page.getByText('Superseded by:')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Transfer of PC 1021 to Pune (corrected)' })).toHaveCount(0);

    // Approved, the correction shows on the original, and each links to the other.
    await page.goto(correctionUrl);
    await page.getByRole('button', { name: 'Approve Order' }).click();
    await expect(page.getByText('Order approved', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: order.title }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
    await expect(page.getByText('Superseded by:')).toBeVisible();
    await page.getByRole('link', { name: 'Transfer of PC 1021 to Pune (corrected)' }).click();
    await expect(page).toHaveURL(correctionUrl);
    await expect(page.getByText('Supersedes:')).toBeVisible();
    // A pending order is edited, not corrected.
    await page.goto(`/orders/${pending.id}`);
    await expect(page.getByText(`Order #${pending.id}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'File a Correction' })).toHaveCount(0);
  });

  test('a new title alone is no new version: the acknowledgments stay', async ({ page, server, signIn }) => {
    const api = await LibrariesApi.signIn(server);
    // Sent without content: the form must not put the title in its place when only the title changes.
    const circular = await api.upload('circulars', { title: 'Night patrol rota' });
    await api.review('circulars', circular.id, 'acknowledge');

    await signIn();
    await page.goto(`/circulars/${circular.id}`);
    await expect(page.getByText(`Circular #${circular.id}`, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Edit Circular' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Circular' });
    await edit.getByLabel('Title').fill('Night patrol rota for Daund');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Circular updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();

    await expect(page.getByText('Night patrol rota for Daund')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Versions' })).toContainText('1 version');
    const acknowledgments = page.getByRole('region', { name: 'Acknowledgments' });
    await expect(acknowledgments).toContainText('1 acknowledgment');
    await expect(acknowledgments.getByText('Acknowledged', { exact: true })).toBeVisible();
    await expect(page.getByText('You have acknowledged this circular.')).toBeVisible();
  });

  test('a document changed since it was opened is not acknowledged or approved unread: it reloads first', async ({
    page,
    server,
    signIn,
  }) => {
    const api = await LibrariesApi.signIn(server);
    const circular = await api.upload('circulars', { title: 'Armoury duty instructions', fileName: 'armoury.pdf' });
    const order = await api.upload('orders', { title: 'Posting of SRPF Group 5 platoon', fileName: 'posting.pdf' });

    await signIn();
    await page.goto(`/circulars/${circular.id}`);
    await expect(page.getByText(`Circular #${circular.id}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Versions' })).toContainText('1 version');
    // Meanwhile someone replaces its PDF.
    await api.update('circulars', circular.id, {
      pdf: makePdf('Armoury duty instructions - revised'),
      fileName: 'armoury-revised.pdf',
    });
    await page.getByRole('button', { name: 'Acknowledge Circular' }).click();
    await expect(page.getByText('This circular has changed since you opened it.')).toBeVisible();
    const versions = page.getByRole('region', { name: 'Versions' });
    await expect(versions).toContainText('2 versions');
    await expect(versions.getByRole('listitem').nth(0)).toContainText('armoury-revised.pdf');
    await expect(page.getByRole('region', { name: 'Acknowledgments' })).toContainText('0 acknowledgments');
    // Read again, it is acknowledged for its new version.
    await page.getByRole('button', { name: 'Acknowledge Circular' }).click();
    await expect(page.getByText('Circular acknowledged')).toBeVisible();
    await expect(page.getByText('You have acknowledged this circular.')).toBeVisible();

    await page.goto(`/orders/${order.id}`);
    await expect(page.getByText(`Order #${order.id}`, { exact: true })).toBeVisible();
    await api.update('orders', order.id, {
      pdf: makePdf('Posting of SRPF Group 5 platoon - revised'),
      fileName: 'posting-revised.pdf',
    });
    await page.getByRole('button', { name: 'Approve Order' }).click();
    await expect(page.getByText('This order has changed since you opened it.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Versions' })).toContainText('2 versions');
    await expect(page.getByRole('region', { name: 'Order Details' })).toContainText('Pending');
    await page.getByRole('button', { name: 'Approve Order' }).click();
    await expect(page.getByText('Order approved', { exact: true })).toBeVisible();
    await expect(page.getByText('This order has been approved and is final')).toBeVisible();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`a government decision has a page with its versions, acknowledgments and replacements (${theme} theme, WCAG 2.1 AA)`, async ({
      page,
      server,
      signIn,
    }) => {
      const api = await LibrariesApi.signIn(server);
      const title = `Revised police housing allowance (${theme})`;
      const decision = await api.upload('government-decisions', {
        title,
        content: 'House rent allowance for SRPF personnel at Daund.',
        mandatory: true,
        fileName: 'gr-housing.pdf',
      });
      await api.review('government-decisions', decision.id, 'acknowledge', 1);
      await api.update('government-decisions', decision.id, {
        pdf: makePdf('Revised police housing allowance - corrigendum'),
        fileName: 'gr-housing-corrigendum.pdf',
      });

      await signIn();
      await page.goto('/government-decisions?view=list');
      await documentRow(page, title).getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(new RegExp(`/government-decisions/${decision.id}$`));
      await useTheme(page, theme);
      await expect(page.getByText(`Government Decision #${decision.id}`, { exact: true })).toBeVisible();
      await expect(page.getByText('House rent allowance for SRPF personnel at Daund.')).toBeVisible();

      // Both versions, the current first; the acknowledgment given for version 1; the administrator
      // sees who has not acknowledged the current one (themselves, among others).
      const versions = page.getByRole('region', { name: 'Versions' });
      await expect(versions).toContainText('2 versions');
      await expect(versions.getByRole('listitem').nth(0)).toContainText('Version 2');
      await expect(versions.getByRole('listitem').nth(0)).toContainText('Current');
      await expect(versions.getByRole('listitem').nth(1)).toContainText('gr-housing.pdf');
      const acknowledgments = page.getByRole('region', { name: 'Acknowledgments' });
      await expect(acknowledgments).toContainText('0 acknowledgments');
      await expect(acknowledgments.getByText('Acknowledged for version 1')).toBeVisible();
      const pending = page.getByRole('region', { name: 'Not yet acknowledged' });
      await expect(pending).toContainText(ADMIN.email);
      await expectNoAxeViolations(page, `/government-decisions/${decision.id} (${theme})`);

      await page.getByRole('button', { name: 'Acknowledge Decision' }).click();
      await expect(page.getByText('Government decision acknowledged')).toBeVisible();
      await expect(page.getByText('You have acknowledged this government decision.')).toBeVisible();
      await expect(acknowledgments).toContainText('1 acknowledgment');
      await expect(acknowledgments.getByText('Acknowledged', { exact: true })).toBeVisible();
      await expect(pending).not.toContainText(ADMIN.email);

      // File a Replacement: a new decision that supersedes this one; each page links to the other.
      await page.getByRole('button', { name: 'File a Replacement' }).click();
      const form = page.getByRole('dialog', { name: 'File a Replacement' });
      await expect(form).toContainText(`This new government decision replaces “${title}”`);
      await expectNoAxeViolations(page, `/government-decisions/${decision.id} (${theme}, File a Replacement)`);
      await form.getByLabel('Title').fill(`${title} - 2027 rates`);
      await form.getByLabel('PDF Document').setInputFiles(pdfFile('gr-housing-2027.pdf'));
      await form.getByRole('button', { name: 'Upload' }).click();
      await expect(page.getByText('Government decision uploaded successfully')).toBeVisible();
      await expect(page).not.toHaveURL(new RegExp(`/government-decisions/${decision.id}$`));
      await expect(page.getByText('Supersedes:')).toBeVisible();
      await expectNoAxeViolations(page, `the replacing decision's page (${theme})`);
      await page.getByRole('link', { name: title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/government-decisions/${decision.id}$`));
      await expect(page.getByText('Superseded by:')).toBeVisible();
      await expect(page.getByRole('link', { name: `${title} - 2027 rates` })).toBeVisible();
    });
  }
});

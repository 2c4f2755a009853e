import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { multipartBody } from '../../test/multipart.js';
import { createPayslipTestApp, slipHtml, uploadSlips, type PayslipTestApp } from '../../test/payslip-fixtures.js';

/**
 * POST /api/salary-slip/upload-html and the bounds of the reader threads (issue 27): a batch read
 * longer than its time limit ends and is read again file by file, a client that goes away has its
 * reads ended, and each app has its own threads, so closing one app ends no other's reads.
 */

vi.mock('./payslips.renderer.js', () => ({
  chromiumRenderer: { render: async () => Buffer.from('%PDF-1.4\n%%EOF\n'), state: async () => ({ available: true }) },
}));

const SEVARTH_IDS = ['SRPFLIM1001', 'SRPFLIM1002', 'SRPFLIM1003'];
const good = (index: number, month = 'October 2027') => ({
  name: `good-${index}.html`,
  content: slipHtml({ sevarthId: SEVARTH_IDS[index]!, name: `Staff Member${index}`, month }),
});

/** A valid 2 MB slip of the reader's heaviest kind of work (60,000 elements of long tables; 1 to 3 s to read). */
function longSlip(sevarthId: string, month: string): string {
  const rows = Array.from(
    { length: 20_000 },
    (_, index) => `<tr><td>Recovery item ${index}: instalment</td><td>${index},00</td></tr>`,
  ).join('');
  return `<p>Sevarth ID: ${sevarthId}</p><table>${rows}</table><p>Month: ${month}</p><p>${'Remarks: none. '.repeat(40_000)}</p>`;
}

const apps: PayslipTestApp[] = [];
async function appWith(overrides: Parameters<typeof createPayslipTestApp>[0] = {}) {
  const t = await createPayslipTestApp(overrides);
  apps.push(t);
  const admin = await t.buildUser({ role: 'admin' });
  const token = await t.signIn(admin.email, admin.password);
  for (const [index, sevarthId] of SEVARTH_IDS.entries())
    await t.buildUser({ first_name: 'Staff', last_name: `Member${index}`, dgp_id: sevarthId });
  return { t, token, asAdmin: t.withToken(token) };
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
});
afterAll(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
});

describe('POST /api/salary-slip/upload-html: the reader threads’ bounds', () => {
  it(
    'fails alone, with its reason, a slip read longer than the time limit, and stores the slips of its batch',
    { timeout: 120_000 },
    async () => {
      // The limit (30 s in production) shortened below the long slip's 1 to 3 s; a small slip reads in a few ms.
      const { asAdmin } = await appWith({ slipReaders: { threads: 2, readTimeoutMs: 300 } });
      // good-0 and good-1 go to a reader thread in one batch with the long slip (batches of 256 kB).
      const response = await uploadSlips(asAdmin, [
        good(0),
        good(1),
        { name: 'long.html', content: longSlip(SEVARTH_IDS[2]!, '10/2027') },
      ]);

      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().processed).toMatchObject({
        successful: 2,
        failed: 1,
        failures: [
          {
            filename: 'long.html',
            code: 'too_complex',
            error: 'The file was still being read after 0.3 seconds; a salary slip takes well under one.',
          },
        ],
      });
    },
  );

  it('ends the reads of a client that went away, so they keep no thread busy', { timeout: 120_000 }, async () => {
    const { t, token, asAdmin } = await appWith({ slipReaders: { threads: 1 } });
    // Two long slips over a real connection (the whole body received at once: a server sees a closed
    // connection when it reads on), closed once the first is being read: left running, the one
    // thread would still read that one and then the other.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const parts = Array.from({ length: 2 }, (_, index) => ({
      name: 'htmlFiles',
      filename: `long-${index}.html`,
      contentType: 'text/html',
      content: longSlip(SEVARTH_IDS[2]!, '12/2027'),
    }));
    const { payload, headers } = multipartBody(parts);
    const gone = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/salary-slip/upload-html',
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    gone.on('error', () => undefined);
    gone.end(payload);
    await pause(400);
    gone.destroy();
    await pause(200);

    // This process's processor time (the test file runs in a process of its own), not the wall clock:
    // the machine may be busy, but a thread still reading 2 MB slips uses hundreds of ms of it.
    const before = process.cpuUsage();
    await pause(1_500);
    const used = process.cpuUsage(before);
    const usedMs = (used.user + used.system) / 1000;
    expect(usedMs, `${Math.round(usedMs)} ms of processor time in 1.5 s after the client went away`).toBeLessThan(150);

    // And the next upload is read (by a thread started afresh).
    const next = await uploadSlips(asAdmin, [good(2, 'December 2027')]);
    expect(next.json().processed).toMatchObject({ successful: 1, failed: 0 });
  });

  it(
    'goes on reading one app’s upload while another app in the same process closes',
    { timeout: 120_000 },
    async () => {
      const { asAdmin } = await appWith();
      const other = await createPayslipTestApp();
      const upload = uploadSlips(asAdmin, [{ name: 'long.html', content: longSlip(SEVARTH_IDS[0]!, '01/2028') }]);
      await pause(300); // the long slip is being read (1 to 3 s)
      await other.close();

      const response = await upload;
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().processed).toMatchObject({ successful: 1, failed: 0, months: ['2028-01'] });
    },
  );
});

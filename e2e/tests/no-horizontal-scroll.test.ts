import { test, expect } from '../lib/fixtures.js';
import { AppointmentsApi } from '../lib/appointments-api.js';
import { uploadFormViaApi } from '../lib/forms-api.js';
import { LibrariesApi } from '../lib/libraries-api.js';
import { DESK, horizontalOverflow, PHONE } from '../lib/overflow.js';

// The administrator with the demo data, plus one document, form, appointment and trash item a page.
test.use({ seedDemo: true });

/** Every address of the router (apps/web/src/app/router.tsx); `:id` stands for the record made below. */
const ROUTES = [
  '/dashboard',
  '/users',
  '/users-demo',
  '/admin/users',
  '/admin/api',
  '/companies',
  '/settings',
  '/orders',
  '/orders/:order',
  '/circulars',
  '/circulars/:circular',
  '/government-decisions',
  '/government-decisions/:decision',
  '/forms',
  '/forms?view=list',
  '/forms/categories',
  '/forms/:form',
  '/forms/:form/edit',
  '/trash',
  '/appointments',
  '/appointments/:appointment',
  '/salary-finance',
  '/whatsapp',
  '/kpis',
  '/health',
  '/audit',
  '/search',
  '/no-such-page',
  '/privacy-policy',
] as const;

let ids: Record<string, number> = {};

test.beforeAll(async ({ server }) => {
  const libraries = await LibrariesApi.signIn(server);
  const long = 'Deployment of the reserve companies for the Ganeshotsav festival bandobast in the city';
  const order = await libraries.upload('orders', { title: long });
  const circular = await libraries.upload('circulars', { title: long, mandatory: true });
  const decision = await libraries.upload('government-decisions', { title: long });
  const trashed = await libraries.upload('orders', { title: `${long}, withdrawn` });
  await libraries.deleteDocument('orders', trashed.id);
  const form = await uploadFormViaApi(server, { title: `${long} (leave form)` });
  const appointments = await AppointmentsApi.signIn(server);
  const person = await appointments.createPerson({ role: 'viewer' });
  const appointment = await appointments.createLeave(person);
  ids = { order: order.id, circular: circular.id, decision: decision.id, form: form.id, appointment: appointment.id };
});

for (const [size, viewport] of [
  ['1366x768', DESK],
  ['390x844', PHONE],
] as const) {
  test.describe(`at ${size}`, () => {
    test.use({ viewport });

    // One sign-in for all the routes; each route's overflow is its own (soft) failure, named by its path.
    test('no route pans sideways', async ({ page, signIn }) => {
      test.setTimeout(ROUTES.length * 20_000);
      await signIn();
      for (const route of ROUTES) {
        const path = route.replace(/:(\w+)/, (_, key: string) => String(ids[key]));
        await page.goto(path);
        // The page has painted its content (its heading), and its lists have finished loading.
        await expect.soft(page.locator('h1').first(), `${path} shows its heading`).toBeVisible();
        await expect.soft(page.locator('[data-skeleton-row], [aria-busy="true"]'), `${path} has loaded`).toHaveCount(0);
        expect.soft(await horizontalOverflow(page), `${path} at ${size}`).toEqual([]);
      }
    });
  });
}

import { test } from '../lib/fixtures.js';
import { ACKNOWLEDGED_CASES, describeAcknowledgedLibrary } from '../lib/libraries-acknowledged.js';

// A server of its own: these tests add and remove circulars (the suite is shared with
// the other acknowledged library, in lib/libraries-acknowledged.ts).
test.use({ serverEnv: { E2E_LIBRARY: 'circulars' } });

describeAcknowledgedLibrary(ACKNOWLEDGED_CASES.circulars);

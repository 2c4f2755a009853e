import { Component as ComingSoon } from '../../placeholder/routes/coming-soon-page';

/** To be built (issue 18). */
export function Component() {
  return <ComingSoon />;
}

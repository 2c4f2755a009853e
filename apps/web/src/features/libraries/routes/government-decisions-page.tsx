import { LibraryScreen } from '../components/library-screen';

/** /government-decisions (no detail page of its own, section 2). */
export function Component() {
  return <LibraryScreen library="government-decisions" />;
}

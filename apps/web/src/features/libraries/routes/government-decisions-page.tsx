import { LibraryScreen } from '../components/library-screen';

/** /government-decisions. */
export function Component() {
  return <LibraryScreen library="government-decisions" />;
}

import { LibraryScreen } from '../components/library-screen';

/** /circulars. */
export function Component() {
  return <LibraryScreen library="circulars" />;
}

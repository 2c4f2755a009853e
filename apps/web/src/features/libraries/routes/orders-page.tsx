import { LibraryScreen } from '../components/library-screen';

/** /orders. */
export function Component() {
  return <LibraryScreen library="orders" />;
}

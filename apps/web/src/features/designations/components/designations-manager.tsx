import { ReferenceListManager } from '../../../components/reference-list/reference-list-manager';
import { DESIGNATION_LIST } from '../lib/designation-list';

/** The designations screen (document 2, section 2.8), a tab of Settings (`level` 2 there). */
export function DesignationsManager({ level = 1 }: { level?: 1 | 2 }) {
  return <ReferenceListManager kind={DESIGNATION_LIST} level={level} />;
}

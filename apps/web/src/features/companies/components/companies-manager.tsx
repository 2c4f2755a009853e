import { ReferenceListManager } from '../../../components/reference-list/reference-list-manager';
import { COMPANY_LIST } from '../lib/company-list';

/** The companies screen (document 2, section 2.7), at /companies and as a tab of Settings (`level` 2 there). */
export function CompaniesManager({ level = 1 }: { level?: 1 | 2 }) {
  return <ReferenceListManager kind={COMPANY_LIST} level={level} />;
}

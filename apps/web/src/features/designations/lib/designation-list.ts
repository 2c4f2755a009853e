import { BadgeCheck } from 'lucide-react';
import { DESIGNATION_CODE_MAX, DESIGNATION_NAME_MAX } from '@srpf/shared/designations/designations.schemas';
import type { ReferenceKind } from '../../../components/reference-list/reference-kind';

/** The designations list (document 2, sections 2.8, 5 and 9); its heading has no eyebrow. */
export const DESIGNATION_LIST: ReferenceKind<'designation'> = {
  endpoint: '/designations',
  queryKey: 'designations',
  item: 'designation',
  namespace: 'designations',
  // Designations are managed with the manage companies permission (document 1, section 6 has no other).
  permission: 'manage_companies',
  pageSize: 10,
  nameMax: DESIGNATION_NAME_MAX,
  codeMax: DESIGNATION_CODE_MAX,
  emptyIcon: BadgeCheck,
  // Each designation says which step of the appointments' approval chain its holders take.
  approvalRole: true,
};

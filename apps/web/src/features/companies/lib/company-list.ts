import { Building2 } from 'lucide-react';
import { COMPANY_CODE_MAX, COMPANY_NAME_MAX } from '@srpf/shared/companies/companies.schemas';
import type { ReferenceKind } from '../../../components/reference-list/reference-kind';

/** The companies list (document 2, sections 2.7, 5 and 9). */
export const COMPANY_LIST: ReferenceKind<'company'> = {
  endpoint: '/companies',
  queryKey: 'companies',
  item: 'company',
  namespace: 'companies',
  eyebrowKey: 'page.eyebrow',
  permission: 'manage_companies',
  pageSize: 10,
  nameMax: COMPANY_NAME_MAX,
  codeMax: COMPANY_CODE_MAX,
  emptyIcon: Building2,
};

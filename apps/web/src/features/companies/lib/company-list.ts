import { Building2 } from 'lucide-react';
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
  nameMax: 200,
  codeMax: 50,
  emptyIcon: Building2,
};

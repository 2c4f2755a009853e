import type { DocumentPriority, DocumentStatus } from '@srpf/shared/libraries/libraries.rules';

export type Tone = 'success' | 'danger' | 'warning' | 'neutral' | 'info';

/** Section 4: in lists approved is success, rejected or overdue danger, pending warning. */
export function statusTone(status: DocumentStatus): Tone {
  switch (status) {
    case 'approved':
      return 'success';
    case 'rejected':
    case 'overdue':
      return 'danger';
    case 'pending':
      return 'warning';
    default:
      return 'neutral';
  }
}

export function priorityTone(priority: DocumentPriority): Tone {
  if (priority === 'high') return 'danger';
  if (priority === 'medium') return 'warning';
  return 'neutral';
}

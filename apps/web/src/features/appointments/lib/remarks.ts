import {
  approvalRoleOf,
  REMARK_FIELDS,
  REMARK_ROLES,
  type RemarkField,
  type RemarkRole,
} from '@srpf/shared/appointments/appointments.rules';

export interface RemarkView {
  role: RemarkRole;
  field: RemarkField;
  editable: boolean;
  visible: boolean;
}

/**
 * The three remarks of the leave form (document 2, section 6): only the remark of the person's own
 * role is editable; the clerk's is always shown, the officer's and commandant's only to that role or
 * when already filled.
 */
export function remarkViews(
  role: RemarkRole | null,
  values: Partial<Record<RemarkField, string | null | undefined>>,
): RemarkView[] {
  return REMARK_ROLES.map((remarkRole) => {
    const field = REMARK_FIELDS[remarkRole];
    const editable = role === remarkRole;
    const filled = !isEmptyRichText(values[field]);
    return { role: remarkRole, field, editable, visible: remarkRole === 'clerk' || editable || filled };
  });
}

/**
 * The signed-in person's remark role: the server's answer (GET /appointments/my-role) when known.
 * Until then only what the session itself tells follows the server's rule (`approvalRoleOf`): admin
 * and superadmin act as commandant; anyone else waits for the answer, since their designation's
 * approval role is known only to the server. Free text never counts.
 */
export function editableRemarkRole(
  serverRole: RemarkRole | null | undefined,
  session: { role?: string | null } | null,
): RemarkRole | null {
  if (serverRole !== undefined) return serverRole;
  return session ? approvalRoleOf({ role: session.role }) : null;
}

/** An editor's empty content ('<p><br></p>') counts as no remark. */
export function isEmptyRichText(html: string | null | undefined): boolean {
  return plainTextLength(html) === 0;
}

/** The number of characters a reader sees: tags and entities removed. */
export function plainTextLength(html: string | null | undefined): number {
  const text = (html ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, 'x');
  return text.trim().length;
}

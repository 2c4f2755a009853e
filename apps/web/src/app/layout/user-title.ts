/** The fields of a user record the header's title reads (a stored session user may lack some). */
export interface TitledUser {
  designation_name?: string | null;
  designation?: string | null;
}

/**
 * What the header says a person is: their designation from the list ("Police Constable"), else the
 * free-text one of an older record; null when they have neither, and the header names their role instead.
 */
export function designationTitleOf(user: TitledUser | null | undefined): string | null {
  const title = user?.designation_name?.trim() || user?.designation?.trim();
  return title || null;
}

export interface Credentials {
  email: string;
  password: string;
}

/** The first administrator a server started by the kit creates (ADMIN_EMAIL, ADMIN_PASSWORD), unless told another. */
export const TEST_ADMIN: Credentials = { email: 'test.admin@srpf.test', password: 'Test-admin-password-2026' };

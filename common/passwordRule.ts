/**
 * The rule a new password must follow, shared by the set-password page (which says it
 * before the form is sent) and the server (which enforces it). Plain code: the page
 * bundles it without the schema library.
 */
export const PASSWORD_MIN_LENGTH = 10;
/** As server/auth/passwords.ts MAX_PASSWORD_LENGTH: longer inputs cost scrypt too much. */
export const PASSWORD_MAX_LENGTH = 1024;

/** What is wrong with a password, as the server's English message, or null when it is good. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH || !/\p{L}/u.test(password) || !/\p{N}/u.test(password)) {
    return `Use at least ${PASSWORD_MIN_LENGTH} characters, with at least one letter and one digit.`;
  }
  return null;
}

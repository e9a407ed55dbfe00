/**
 * The username character set, checked by the server at sign-up and by the sign-up form:
 * letters A-Z and a-z, digits, and `.`, `_`, `-`. Names show up in mail, pages and logs; a
 * small, documented set keeps markup and look-alike characters out of all of them.
 */
export const USERNAME_CHARACTERS = /^[A-Za-z0-9._-]+$/;

/** The message for a username outside the character set. */
export const USERNAME_CHARACTERS_MESSAGE =
  'Username may contain only the letters A-Z and a-z (no accents), digits, dots, underscores and hyphens (. _ -)';

/** The character-set problem of a username, or null when it uses only allowed characters. */
export function usernameCharacterProblem(username: string): string | null {
  return USERNAME_CHARACTERS.test(username) ? null : USERNAME_CHARACTERS_MESSAGE;
}

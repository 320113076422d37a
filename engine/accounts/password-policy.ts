// The password rule of seed 000 §5: 8 to 16 characters with an uppercase letter, a lowercase
// letter, a digit and a symbol. One function, so registration, change and reset agree.
export const PASSWORD_RULE = 'Password must be 8 to 16 characters with an uppercase letter, a lowercase letter, a symbol and a digit.';

/** Why `password` breaks the rule, or null when it keeps it. Length counts code points. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  const ok =
    length >= 8 &&
    length <= 16 &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    // A symbol: anything that is not a letter, a digit or white space.
    /[^\p{L}\p{Nd}\s]/u.test(password);
  return ok ? null : PASSWORD_RULE;
}

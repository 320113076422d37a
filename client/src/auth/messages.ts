// Messages several auth screens share, verbatim from seed 000 (§2.2, §2.4, §5, §8).
export const FORM_ERRORS = 'Please correct the form errors';
export const TOKEN_NOT_FOUND = 'Token not found';
/** The password rule of seed 000 §5, shown under every new-password field. */
export const PASSWORD_HINT = '8 to 16 characters with an uppercase letter, a lowercase letter, a symbol and a digit.';

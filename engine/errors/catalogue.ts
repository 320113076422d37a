// The one error catalogue: every code of PROTOCOL.md §5 with its default user-facing message
// and the HTTP status it travels with. Messages are safe to show; they never carry SQL,
// stack traces or file paths.

export const ERROR_CODES = {
  E_ILLEGALACCESS: { status: 200, message: 'Session Expired / Not Logged In, Please Login' },
  E_ALREADYLOGGEDIN: { status: 200, message: 'Already logged in' },
  E_SHOWOTPQR: { status: 200, message: 'Please scan QR Code and retry again' },
  E_SHOWOTPPROMPT: { status: 200, message: 'Please enter the one-time code' },
  E_SHOWOTPPROMPT2: { status: 200, message: 'Invalid one-time code, please try again' },
  E_NEEDOVERRIDEUSERID: { status: 200, message: 'User ID with Email address already Exist' },
  E_PASSWORDEXPIRED: { status: 200, message: 'Your password has expired, please change it' },
  E_LOGINFAILED: { status: 200, message: 'Invalid user id or password' },
  E_LOCKED: { status: 200, message: 'Too many failed attempts; the account is locked for a while' },
  E_NOPERMISSION: { status: 200, message: 'You do not have permission to do this' },
  E_RECHANGED: { status: 200, message: 'The current reporting entity was changed in another window; reloading' },
  E_BADREQUEST: { status: 200, message: 'The request is malformed' },
  E_UNKNOWNACTION: { status: 200, message: 'No such action' },
  E_INVALIDFIELD: { status: 200, message: 'Unknown field' },
  E_INVALIDOPERATOR: { status: 200, message: 'Unknown operator' },
  E_NOTFOUND: { status: 200, message: 'Record not found.' },
  E_CONCURRENT: { status: 200, message: 'This record was changed by someone else since you opened it. Reload it to see the changes.' },
  E_STATETRANSITION: { status: 200, message: 'This state change is not allowed' },
  E_VALIDATION: { status: 200, message: 'Please fill in all the required fields.' },
  E_TOOLARGE: { status: 413, message: 'The request is too large' },
  E_FILETYPE: { status: 415, message: 'This type of file is not accepted' },
  E_RATELIMIT: { status: 429, message: 'Too many requests, please wait a moment and try again' },
  // The database could not serve the call (a node down, a race lost more often than retried):
  // nothing half-written; the same call may be sent again (docs/deploy.md).
  E_UNAVAILABLE: { status: 503, message: 'The portal is briefly unavailable. Please try again in a moment.' },
  E_FAIL: { status: 200, message: 'Unknown error' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** An error meant for the caller: its code and message go into the envelope as they are. */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** JSON details for programs (E_VALIDATION field map, E_CONCURRENT current record). */
  readonly details: unknown;
  /** HTTP status when the error is a transport error (413, 415, 429); 200 otherwise. */
  readonly status: number;

  constructor(code: ErrorCode, message?: string, details?: unknown) {
    super(message ?? ERROR_CODES[code].message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
    this.status = ERROR_CODES[code].status;
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}

/** Shorthands for the errors raised in many places, so their wording stays the same. */
export const errors = {
  badRequest: (message: string) => new AppError('E_BADREQUEST', message),
  unknownAction: (name: string) => new AppError('E_UNKNOWNACTION', `Unknown action: ${name}`),
  unknownModule: (name: string) => new AppError('E_BADREQUEST', `Unknown module: ${name}`),
  invalidField: (module: string, field: string) => new AppError('E_INVALIDFIELD', `Field "${field}" is not a field of ${module}`),
  invalidOperator: (op: string, field: string) => new AppError('E_INVALIDOPERATOR', `Operator "${op}" cannot be used on field "${field}"`),
  noPermission: (permission?: string) =>
    new AppError('E_NOPERMISSION', permission ? `You do not have permission for ${permission}` : ERROR_CODES.E_NOPERMISSION.message),
  notFound: (what = 'Record') => new AppError('E_NOTFOUND', `${what} not found.`),
  illegalAccess: () => new AppError('E_ILLEGALACCESS'),
  validation: (fields: Record<string, string>) => {
    const names = Object.keys(fields);
    const message = names.length === 1 ? `${names[0]}: ${fields[names[0]]}` : `Please correct these fields: ${names.map((n) => `${n} (${fields[n]})`).join('; ')}`;
    return new AppError('E_VALIDATION', message, fields);
  },
};

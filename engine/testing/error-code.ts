// The E_… code a synchronous call throws, or 'accepted' when it throws nothing.
import { AppError } from '../errors/catalogue.js';

export function errorCodeOf(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (e instanceof AppError) return e.code;
    throw e;
  }
  return 'accepted';
}

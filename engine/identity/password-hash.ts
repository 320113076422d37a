// Passwords are hashed and checked here only, with one set of argon2id options, so that the
// dummy hash an unknown user id is checked against costs exactly what a real user's hash costs:
// a wrong password takes the same time whether or not the user id exists.
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes); each hash gets its own salt. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Made once, when the module loads, so that not even the first unknown user id of a process
// pays for making it.
const dummyHash = hashPassword('no such user, no such password');

/**
 * Whether `given` is the password of `stored`. Without a usable stored hash (unknown user, no
 * password set) one verification still runs, against the dummy hash, and the answer is false.
 */
export async function verifyPassword(stored: string | null | undefined, given: string): Promise<boolean> {
  const usable = typeof stored === 'string' && stored.startsWith('$argon2');
  const ok = await verify(usable ? stored : await dummyHash, given).catch(() => false);
  return usable && ok;
}

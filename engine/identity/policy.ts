// The identity rules an administrator sets at run time, as Parameters rows (seeds/parameters.ts):
// who must use MFA, password expiry, lockout. Read at each sign-in, so a change applies at once
// on every engine process.
import type { Knex } from 'knex';

export type MfaPolicy = 'everyone' | 'staff' | 'optional';

export interface IdentityPolicy {
  mfaPolicy: MfaPolicy;
  /** 0 = passwords never expire. */
  passwordExpiryDays: number;
  /** 0 = no lockout. */
  maxFailedLogins: number;
  lockoutMinutes: number;
  /** The support mailbox named in messages to users who cannot sign in. */
  supportEmail: string | null;
}

const CODES = ['MFA_POLICY', 'PASSWORD_EXPIRY_DAYS', 'MAX_FAILED_LOGINS', 'LOCKOUT_MINUTES', 'SUPPORT_EMAIL'];

function count(raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n >= min ? n : fallback;
}

/** A value nobody meant (a typo) fails closed: everyone needs the second factor. */
export function mfaPolicyOf(raw: string | undefined): MfaPolicy {
  const v = (raw ?? 'optional').trim().toLowerCase();
  return v === 'optional' || v === 'staff' || v === 'everyone' ? v : 'everyone';
}

export function policyFrom(values: Map<string, string>): IdentityPolicy {
  return {
    mfaPolicy: mfaPolicyOf(values.get('MFA_POLICY')),
    passwordExpiryDays: count(values.get('PASSWORD_EXPIRY_DAYS'), 0, 0),
    maxFailedLogins: count(values.get('MAX_FAILED_LOGINS'), 5, 0),
    lockoutMinutes: count(values.get('LOCKOUT_MINUTES'), 15, 1),
    supportEmail: values.get('SUPPORT_EMAIL')?.trim() || null,
  };
}

/**
 * Active system parameters only; a missing or inactive row takes its default. A business
 * parameter of the same code is not one of these rules: writing it needs no Parameters.updateSystem.
 */
export async function identityPolicy(db: Knex | Knex.Transaction): Promise<IdentityPolicy> {
  const rows: { code: string; value0: string | null }[] = await db('parameters')
    .whereIn('code', CODES)
    .andWhere('issystem', true)
    .andWhere((q) => q.where('state', 33).orWhereNull('state'))
    .select('code', 'value0');
  return policyFrom(new Map(rows.filter((r) => r.value0 !== null).map((r) => [r.code, String(r.value0)])));
}

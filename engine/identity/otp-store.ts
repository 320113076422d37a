// Where a user's one-time-code state lives: the active key in user.otpsecret (a secret field,
// never selectable through Record.*), the key being enrolled and the last accepted time step
// in user_otp. Accepting a step is one conditional UPDATE, so of two requests carrying the
// same code only one can win, whichever process serves them.
import type { Knex } from 'knex';
import { bumpVersions } from '../db/change-versions.js';
import type { ModuleRegistry } from '../metadata/module-registry.js';
import { recordAudit } from '../records/record-history.js';
import { userModule } from './users.js';
import { beyondRules } from '../db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'One-time-code state of the user signing in or enrolling (their own row), before or outside any record access',
);

type Db = Knex | Knex.Transaction;

export interface OtpState {
  pendingSecret: string | null;
  lastStep: number | null;
}

export async function otpState(db: Db, userId: number): Promise<OtpState> {
  const row = await db('user_otp').where({ user_id: userId }).first('pending_secret', 'last_step');
  return {
    pendingSecret: row?.pending_secret ?? null,
    lastStep: row?.last_step === null || row?.last_step === undefined ? null : Number(row.last_step),
  };
}

async function ensureRow(db: Db, userId: number): Promise<void> {
  await db('user_otp').insert({ user_id: userId }).onConflict('user_id').ignore();
}

export async function setPendingSecret(db: Db, userId: number, secret: string): Promise<void> {
  await ensureRow(db, userId);
  await db('user_otp').where({ user_id: userId }).update({ pending_secret: secret });
}

/** Records `step` as used; false when that step (or a later one) was used already: a replay. */
export async function acceptStep(db: Db, userId: number, step: number): Promise<boolean> {
  await ensureRow(db, userId);
  const changed = await db('user_otp')
    .where({ user_id: userId })
    .andWhere((q) => q.whereNull('last_step').orWhere('last_step', '<', step))
    .update({ last_step: step });
  return Number(changed) === 1;
}

/**
 * The pending key becomes the active one, once a code made with it was accepted at `step`. The
 * step starts the new key's replay guard afresh (the old key's steps say nothing about it);
 * taking the pending key is conditional, so it is activated once.
 */
export async function activatePending(db: Db, userId: number, secret: string, step: number, audit?: OtpAudit): Promise<boolean> {
  const taken = await db('user_otp').where({ user_id: userId, pending_secret: secret }).update({ pending_secret: null, last_step: step });
  if (Number(taken) !== 1) return false;
  await writeOtpSecret(db, userId, secret, audit);
  return true;
}

/** Who changes a user's key, for the audit log (which shows the key only as "(hidden)"). */
export interface OtpAudit {
  modules: ModuleRegistry;
  who: number | null;
}

async function writeOtpSecret(db: Db, userId: number, secret: string | null, audit: OtpAudit | undefined): Promise<void> {
  const before = await db('user').where({ id: userId }).first('otpsecret', 'updatectr');
  await db('user').where({ id: userId }).update({ otpsecret: secret });
  if (audit) await recordAudit(db, userModule(audit.modules), userId, Number(before?.updatectr ?? 0), 'update', ['otpsecret'], audit.who, { before, after: { otpsecret: secret } });
  else await bumpVersions(db, ['user']);
}

/** Forgets every key of the user: the next sign-in that needs a code enrols afresh. */
export async function clearOtp(db: Db, userId: number, audit?: OtpAudit): Promise<void> {
  await writeOtpSecret(db, userId, null, audit);
  await db('user_otp').where({ user_id: userId }).delete();
}

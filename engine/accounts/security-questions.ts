// Security questions: answers kept only as argon2id hashes of the answer trimmed and
// lower-cased, so "  Kuala Lumpur" and "kuala lumpur" match and a database copy reveals no
// answer. Password recovery asks every question of the user.
import { hash, verify } from '@node-rs/argon2';
import type { Knex } from 'knex';
import { bumpVersions } from '../db/change-versions.js';

type Db = Knex | Knex.Transaction;

export const MIN_QUESTIONS = 3;
export const MAX_QUESTIONS = 10;

/**
 * What an unknown user name (or a user without questions, or not active) is asked instead, so
 * the recovery screen looks the same whoever is named. Its answers never match.
 */
export const DECOY_QUESTIONS = ['What was the name of your first school?', 'In which city were you born?', 'What was the name of your first pet?'];

export const normaliseAnswer = (answer: string) => answer.trim().toLowerCase();

export async function questionsOf(db: Db, userId: number): Promise<{ question: string; answer_hash: string }[]> {
  return db('user_security_question').where({ user_id: userId }).orderBy('sortorder').orderBy('id').select('question', 'answer_hash');
}

/** Replaces the user's questions with these (already checked: enough, non-empty, distinct). */
export async function replaceQuestions(db: Db, userId: number, questions: { question: string; answer: string }[]): Promise<void> {
  const rows = [];
  for (const [i, q] of questions.entries()) {
    rows.push({ user_id: userId, question: q.question.trim(), answer_hash: await hash(normaliseAnswer(q.answer)), sortorder: i + 1 });
  }
  await db('user_security_question').where({ user_id: userId }).delete();
  await db('user_security_question').insert(rows);
  await bumpVersions(db, ['user_security_question']);
}

// A hash to verify decoy answers against, so a decoy costs the same time as a real check.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hash('decoy answer that is never given'));

/**
 * Whether every answer matches its question's hash. Every answer is verified, right or wrong,
 * so the time taken does not tell how many were right; `hashes` null checks against decoys.
 */
export async function answersMatch(hashes: string[] | null, answers: string[]): Promise<boolean> {
  let all = hashes !== null;
  for (const [i, answer] of answers.entries()) {
    const stored = hashes?.[i] ?? (await decoy());
    const ok = await verify(stored, normaliseAnswer(answer)).catch(() => false);
    all &&= ok;
  }
  return all && hashes !== null && hashes.length === answers.length;
}

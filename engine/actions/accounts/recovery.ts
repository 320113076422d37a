// Password recovery by security questions (seed 000 §2.2): the questions of a user name, then
// every answer; when all match, the reset link is mailed. Unknown names get decoy questions and
// the same answers, and wrong answers are limited per name per hour, so neither the questions
// nor the limit tell who exists.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../runtime/registry.js';
import { exception, text } from '../../protocol/envelope.js';
import { AppError } from '../../errors/catalogue.js';
import { formError } from '../../accounts/registration-rules.js';
import { findUserByUserid, USER_STATE, type UserRow } from '../../identity/users.js';
import { answersMatch, DECOY_QUESTIONS, MAX_QUESTIONS, questionsOf } from '../../accounts/security-questions.js';
import { failedRecoveries, MAX_FAILED_RECOVERIES, recordRecovery } from '../../accounts/recovery-attempts.js';
import { sendResetMail } from '../../accounts/account-mail.js';
import type { Knex } from 'knex';

export const VERIFIED = 'Verified successful, please check your inbox for further instructions.';
export const WRONG_ANSWERS = 'The answers do not match our records.';
export const TOO_MANY = 'Too many wrong answers. Please try again in an hour, or ask the support mailbox to reset your password.';
export const ANSWER_REQUIRED = 'Please answer this question.';

const Name = Type.String({ minLength: 1, maxLength: 100 });

/** The user behind a recovery name and their questions; decoys for anyone who cannot recover. */
async function recoveryOf(db: Knex | Knex.Transaction, name: string): Promise<{ user: UserRow | null; questions: string[]; hashes: string[] | null }> {
  const user = await findUserByUserid(db, name);
  const rows = user?.state === USER_STATE.active ? await questionsOf(db, user.id) : [];
  if (!user || rows.length === 0) return { user: null, questions: DECOY_QUESTIONS, hashes: null };
  return { user, questions: rows.map((r) => r.question), hashes: rows.map((r) => r.answer_hash) };
}

export const preForgotPassword = defineAction({
  name: 'User.preForgotPassword',
  summary: "The security questions of a user name, for password recovery (a fixed decoy set when the name cannot recover, so existence is not told)",
  args: [Type.Object({ name: Name }, { additionalProperties: false })],
  access: 'public',
  writes: false,
  answer: 'value 0: text, JSON array of question texts, in order (answered as a1..aN)',
  async handler([a], ctx) {
    const { questions } = await recoveryOf(ctx.db, a.name);
    return [text(JSON.stringify(questions))];
  },
});

const answerKeys = Array.from({ length: MAX_QUESTIONS }, (_, i) => `a${i + 1}`);

export const forgotPassword = defineAction({
  name: 'User.forgotPassword',
  summary: 'Answers a1..aN to the questions of User.preForgotPassword; when all match, mails a password reset link',
  args: [
    Type.Object(
      { name: Name, ...Object.fromEntries(answerKeys.map((k) => [k, Type.Optional(Type.String({ maxLength: 500 }))])) },
      { additionalProperties: false },
    ),
  ],
  access: 'public',
  writes: true,
  answer: `value 0: text "${VERIFIED}"`,
  errors: ['E_VALIDATION', 'E_LOCKED'],
  async handler([a], ctx) {
    const answers = a as unknown as Record<string, string | undefined>;
    if ((await failedRecoveries(ctx.db, a.name)) >= MAX_FAILED_RECOVERIES) throw new AppError('E_LOCKED', TOO_MANY);
    const { user, questions, hashes } = await recoveryOf(ctx.db, a.name);
    const given = questions.map((_, i) => (answers[`a${i + 1}`] ?? '').trim());
    const missing = Object.fromEntries(given.flatMap((g, i) => (g ? [] : [[`a${i + 1}`, ANSWER_REQUIRED]])));
    if (Object.keys(missing).length) throw formError(missing);
    const matched = (await answersMatch(hashes, given)) && user !== null;
    await recordRecovery(ctx.db, a.name, matched);
    if (!matched) {
      // Answered rather than thrown, so the failed attempt is committed and counts.
      return [exception('E_VALIDATION', WRONG_ANSWERS), text(JSON.stringify({ answers: WRONG_ANSWERS }))];
    }
    await sendResetMail(ctx.db, ctx.services.config, user);
    ctx.log.info({ user: user.id }, 'password recovery by security questions');
    return [text(VERIFIED)];
  },
});

// A user's own security questions, and the first-time sign-in flag they clear (seed 000 §2.2:
// a first-time RE user must fill in security questions before proceeding).
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../runtime/registry.js';
import { text } from '../../protocol/envelope.js';
import { formError } from '../../accounts/registration-rules.js';
import { findUserById, updateUser } from '../../identity/users.js';
import { MAX_QUESTIONS, MIN_QUESTIONS, questionsOf, replaceQuestions } from '../../accounts/security-questions.js';

export const QUESTION_MESSAGES = {
  count: `Please set at least ${MIN_QUESTIONS} security questions.`,
  question: 'Please enter the question.',
  answer: 'Please enter the answer.',
  duplicate: 'Each question must be different.',
} as const;

export const getSecurityQuestions = defineAction({
  name: 'User.getSecurityQuestions',
  summary: "The signed-in user's security questions, without their answers",
  args: [],
  access: 'session',
  writes: false,
  answer: 'value 0: text, JSON array of question texts, in order',
  async handler(_a, ctx) {
    const rows = await questionsOf(ctx.db, ctx.caller!.userId);
    return [text(JSON.stringify(rows.map((r) => r.question)))];
  },
});

const QuestionArg = Type.Object({ question: Type.String({ maxLength: 255 }), answer: Type.String({ maxLength: 200 }) }, { additionalProperties: false });

export const setSecurityQuestions = defineAction({
  name: 'User.setSecurityQuestions',
  summary: `Replaces the signed-in user's security questions (at least ${MIN_QUESTIONS}, each with a non-empty answer) and ends the first-time sign-in`,
  args: [Type.Object({ questions: Type.Array(QuestionArg, { maxItems: MAX_QUESTIONS }) }, { additionalProperties: false })],
  access: 'session',
  writes: true,
  answer: 'value 0: text 1',
  errors: ['E_VALIDATION'],
  async handler([a], ctx) {
    const problems: Record<string, string> = {};
    if (a.questions.length < MIN_QUESTIONS) problems.questions = QUESTION_MESSAGES.count;
    const seen = new Set<string>();
    a.questions.forEach((q, i) => {
      const question = q.question.trim();
      if (!question) problems[`questions[${i}].question`] = QUESTION_MESSAGES.question;
      else if (seen.has(question.toLowerCase())) problems[`questions[${i}].question`] = QUESTION_MESSAGES.duplicate;
      seen.add(question.toLowerCase());
      if (!q.answer.trim()) problems[`questions[${i}].answer`] = QUESTION_MESSAGES.answer;
    });
    if (Object.keys(problems).length) throw formError(problems);
    const userId = ctx.caller!.userId;
    await replaceQuestions(ctx.db, userId, a.questions);
    const user = await findUserById(ctx.db, userId);
    if (user?.firsttimelogin) await updateUser(ctx.db, ctx.services.modules, userId, { firsttimelogin: false }, userId);
    return [text('1')];
  },
});

export const isFirstTimeLogin = defineAction({
  name: 'User.isFirstTimeLogin',
  summary: 'Whether the signed-in user has still to set security questions (first-time sign-in)',
  args: [],
  access: 'session',
  writes: false,
  answer: 'value 0: text true or false',
  async handler(_a, ctx) {
    const user = await findUserById(ctx.db, ctx.caller!.userId);
    return [text(user?.firsttimelogin ? 'true' : 'false')];
  },
});

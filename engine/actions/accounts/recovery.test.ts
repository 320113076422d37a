import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../testing/test-engine.js';
import { testDialects } from '../../testing/test-database.js';
import { failure } from '../../testing/record-calls.js';
import { activeUser, mailsTo, tokenMailedTo } from '../../accounts/account-test-kit.js';
import { DECOY_QUESTIONS } from '../../accounts/security-questions.js';
import { MAX_FAILED_RECOVERIES } from '../../accounts/recovery-attempts.js';
import { ANSWER_REQUIRED, TOO_MANY, VERIFIED, WRONG_ANSWERS } from './recovery.js';
import { QUESTION_MESSAGES } from './security-questions.js';

const QUESTIONS = [
  { question: 'Name of your first teacher?', answer: 'Madam Lim' },
  { question: 'City where you were born?', answer: 'Kuala Lumpur' },
  { question: 'Your favourite dish?', answer: 'Nasi Lemak' },
];

describe.each(await testDialects())('security questions and password recovery on %s', (dialect) => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await startTestEngine(dialect);
  });
  afterAll(async () => t?.close());

  const textOf = (values: Awaited<ReturnType<TestEngine['call']>>) => {
    expect(values[0]?.type, JSON.stringify(values[0])).toBe('text');
    return values[0].type === 'text' ? values[0].text : '';
  };

  /** An active user with the three questions set. */
  async function withQuestions(): Promise<{ userid: string; email: string; cookie: string }> {
    const user = await activeUser(t, 10);
    const cookie = await t.sessionFor(user.userid);
    expect(textOf(await t.call('User.setSecurityQuestions', [{ questions: QUESTIONS }], cookie))).toBe('1');
    return { ...user, cookie };
  }

  describe('setting them', () => {
    it('stores the questions with hashed answers, answers 1 and ends the first-time sign-in', async () => {
      const { userid } = await activeUser(t, 10);
      const cookie = await t.sessionFor(userid);
      expect(textOf(await t.call('User.isFirstTimeLogin', [], cookie))).toBe('true');
      expect(JSON.parse(textOf(await t.call('User.getSecurityQuestions', [], cookie)))).toEqual([]);
      expect(textOf(await t.call('User.setSecurityQuestions', [{ questions: QUESTIONS }], cookie))).toBe('1');
      expect(textOf(await t.call('User.isFirstTimeLogin', [], cookie))).toBe('false');
      const body = textOf(await t.call('User.getSecurityQuestions', [], cookie));
      expect(JSON.parse(body)).toEqual(QUESTIONS.map((q) => q.question));
      expect(body).not.toContain('Madam Lim');
      const rows = await t.database.db('user_security_question').join('user', 'user.id', 'user_security_question.user_id').where('user.userid', userid).orderBy('sortorder').select('answer_hash');
      expect(rows).toHaveLength(3);
      for (const r of rows) {
        expect(r.answer_hash).toMatch(/^\$argon2id\$/);
        expect(r.answer_hash.toLowerCase()).not.toContain('lumpur');
      }
    });

    it('replaces earlier questions rather than adding to them', async () => {
      const { cookie } = await withQuestions();
      const next = QUESTIONS.map((q, i) => ({ question: `Question ${i + 1}?`, answer: `answer ${i + 1}` }));
      await t.call('User.setSecurityQuestions', [{ questions: next }], cookie);
      expect(JSON.parse(textOf(await t.call('User.getSecurityQuestions', [], cookie)))).toEqual(['Question 1?', 'Question 2?', 'Question 3?']);
    });

    it.each([
      ['fewer than three', QUESTIONS.slice(0, 2), { questions: QUESTION_MESSAGES.count }],
      ['an empty answer', [...QUESTIONS.slice(0, 2), { question: 'Third?', answer: '  ' }], { 'questions[2].answer': QUESTION_MESSAGES.answer }],
      ['an empty question', [...QUESTIONS.slice(0, 2), { question: '', answer: 'x' }], { 'questions[2].question': QUESTION_MESSAGES.question }],
      ['the same question twice', [...QUESTIONS.slice(0, 2), { question: 'city where you were born? ', answer: 'x' }], { 'questions[2].question': QUESTION_MESSAGES.duplicate }],
    ])('refuses %s with E_VALIDATION and keeps the first-time sign-in', async (_why, questions, details) => {
      const { userid } = await activeUser(t, 10);
      const cookie = await t.sessionFor(userid);
      expect(failure(await t.call('User.setSecurityQuestions', [{ questions }], cookie))).toMatchObject({ code: 'E_VALIDATION', details });
      expect(textOf(await t.call('User.isFirstTimeLogin', [], cookie))).toBe('true');
    });

    it('needs a session', async () => {
      expect(failure(await t.call('User.setSecurityQuestions', [{ questions: QUESTIONS }])).code).toBe('E_ILLEGALACCESS');
      expect(failure(await t.call('User.getSecurityQuestions', [])).code).toBe('E_ILLEGALACCESS');
      expect(failure(await t.call('User.isFirstTimeLogin', [])).code).toBe('E_ILLEGALACCESS');
    });
  });

  describe('recovering a password', () => {
    it('lists the user’s questions, and mails a reset link when every answer matches, ignoring case and spaces', async () => {
      const { userid, email } = await withQuestions();
      const questions = JSON.parse(textOf(await t.call('User.preForgotPassword', [{ name: userid }])));
      expect(questions).toEqual(QUESTIONS.map((q) => q.question));
      const answers = { a1: '  madam lim ', a2: 'KUALA LUMPUR', a3: 'Nasi Lemak' };
      expect(textOf(await t.call('User.forgotPassword', [{ name: userid, ...answers }]))).toBe(VERIFIED);
      const token = await tokenMailedTo(t, email, 1005, '/reset-password');
      expect(textOf(await t.call('User.changePassword', [{ token, oldPass: 'Fresh#Pass9', newPass: 'Fresh#Pass9' }]))).toBe('Successfully changed password!');
    });

    it('answers decoy questions in the same shape for a name that does not exist', async () => {
      const decoys = JSON.parse(textOf(await t.call('User.preForgotPassword', [{ name: 'nobody-here' }])));
      expect(decoys).toEqual(DECOY_QUESTIONS);
      const f = failure(await t.call('User.forgotPassword', [{ name: 'nobody-here', a1: 'a', a2: 'b', a3: 'c' }]));
      expect(f).toEqual({ code: 'E_VALIDATION', message: WRONG_ANSWERS, details: { answers: WRONG_ANSWERS } });
    });

    it('refuses wrong answers without saying which, and sends nothing', async () => {
      const { userid, email } = await withQuestions();
      const f = failure(await t.call('User.forgotPassword', [{ name: userid, a1: 'Madam Lim', a2: 'Penang', a3: 'Nasi Lemak' }]));
      expect(f).toEqual({ code: 'E_VALIDATION', message: WRONG_ANSWERS, details: { answers: WRONG_ANSWERS } });
      expect(await mailsTo(t, email, 1005)).toEqual([]);
    });

    it('needs every question answered', async () => {
      const { userid } = await withQuestions();
      const f = failure(await t.call('User.forgotPassword', [{ name: userid, a1: 'Madam Lim', a3: ' ' }]));
      expect(f).toEqual({ code: 'E_VALIDATION', message: 'Please correct errors in the form to continue.', details: { a2: ANSWER_REQUIRED, a3: ANSWER_REQUIRED } });
    });

    it(`stops after ${MAX_FAILED_RECOVERIES} wrong tries in an hour, even with the right answers, for known and unknown names alike`, async () => {
      const { userid, email } = await withQuestions();
      for (const name of [userid, 'ghost-user']) {
        for (let i = 0; i < MAX_FAILED_RECOVERIES; i++) {
          expect(failure(await t.call('User.forgotPassword', [{ name, a1: 'x', a2: 'y', a3: 'z' }])).code).toBe('E_VALIDATION');
        }
        const right = { a1: 'Madam Lim', a2: 'Kuala Lumpur', a3: 'Nasi Lemak' };
        expect(failure(await t.call('User.forgotPassword', [{ name, ...right }]))).toEqual({ code: 'E_LOCKED', message: TOO_MANY });
      }
      expect(await mailsTo(t, email, 1005)).toEqual([]);
      // An hour later the name may try again.
      await t.database.db('recovery_attempt').update({ createon: '2000-01-01 00:00:00' });
      expect(textOf(await t.call('User.forgotPassword', [{ name: userid, a1: 'Madam Lim', a2: 'Kuala Lumpur', a3: 'Nasi Lemak' }]))).toBe(VERIFIED);
    });

    it('offers decoys for an account that is not active', async () => {
      const { userid } = await withQuestions();
      await t.database.db('user').where({ userid }).update({ state: 4 });
      expect(JSON.parse(textOf(await t.call('User.preForgotPassword', [{ name: userid }])))).toEqual(DECOY_QUESTIONS);
      const f = failure(await t.call('User.forgotPassword', [{ name: userid, a1: 'Madam Lim', a2: 'Kuala Lumpur', a3: 'Nasi Lemak' }]));
      expect(f.code).toBe('E_VALIDATION');
    });
  });
});

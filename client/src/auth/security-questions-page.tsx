// Security questions (seed 000 §2.2, §2.12 securityquestions/{data_id}): a first-time RE user
// must set them before anything else (the server restricts the session until then); anyone may
// come back to replace them. At least 3 and at most 10 questions, distinct, each answered
// (User.setSecurityQuestions); the questions already set are offered again, never the answers.
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { rpc } from '../rpc/rpc';
import { fieldErrorsOf, presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { sessionStore, useSession, type LoginInfo } from '../session/session-store';
import { FormError, TextField, type FieldErrors } from './fields';

export const FILL_IN_FIRST = 'Please fill in your security questions before proceeding';
export const SAVED = 'Your security questions have been saved.';
export const MIN_QUESTIONS = 3;
export const MAX_QUESTIONS = 10;

export const QUESTION_MESSAGES = {
  question: 'Please enter the question.',
  answer: 'Please enter the answer.',
  duplicate: 'Each question must be different.',
  form: 'Please correct errors in the form to continue.',
} as const;

/** Offered in the question boxes; any other question may be typed. */
const SUGGESTIONS = [
  'What was the name of your first school?',
  'In which city were you born?',
  'What was the name of your first pet?',
  "What is your mother's maiden name?",
  'What was the make of your first car?',
  'What is the name of the street you grew up on?',
  'What was your childhood nickname?',
];

interface Row {
  question: string;
  answer: string;
}

const blank = (): Row => ({ question: '', answer: '' });

/** Keys as the server names them (`questions[0].answer`), so its field map lands on the same boxes. */
export function questionProblems(rows: Row[]): FieldErrors {
  const p: FieldErrors = {};
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    const q = r.question.trim().toLowerCase();
    if (!q) p[`questions[${i}].question`] = QUESTION_MESSAGES.question;
    else if (seen.has(q)) p[`questions[${i}].question`] = QUESTION_MESSAGES.duplicate;
    seen.add(q);
    if (!r.answer.trim()) p[`questions[${i}].answer`] = QUESTION_MESSAGES.answer;
  });
  return p;
}

export default function SecurityQuestionsPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [rows, setRows] = useState<Row[]>(() => Array.from({ length: MIN_QUESTIONS }, blank));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    rpc.json<string[]>('User.getSecurityQuestions').then(
      (questions) => {
        if (live && questions.length) setRows(questions.slice(0, MAX_QUESTIONS).map((question) => ({ question, answer: '' })));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const edit = (i: number, key: keyof Row) => (v: string) => {
    setRows((old) => old.map((r, j) => (j === i ? { ...r, [key]: v } : r)));
    setErrors(({ [`questions[${i}].${key}`]: _fixed, ...rest }) => rest);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems = questionProblems(rows);
    setErrors(problems);
    if (Object.keys(problems).length) {
      setProblem(QUESTION_MESSAGES.form);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await rpc.text('User.setSecurityQuestions', { questions: rows.map((r) => ({ question: r.question.trim(), answer: r.answer.trim() })) });
      // The first-time flag is cleared on the server: the stored login info follows.
      sessionStore.refreshed(await rpc.json<LoginInfo>('User.current'));
      await dialogs.alert('', SAVED, 'success');
      navigate('/home', { replace: true });
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields) {
        setErrors(fields);
        setProblem(fields.questions ?? QUESTION_MESSAGES.form);
      } else await presentError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="page security-questions" onSubmit={submit} noValidate data-panel="security-questions">
      <h1>Security Questions</h1>
      {user?.firstTimeLogin && (
        <p className="notice" role="alert">
          {FILL_IN_FIRST}
        </p>
      )}
      <p className="muted">
        Choose at least {MIN_QUESTIONS} different questions and answer each. They are asked if you forget your password; answers are not case-sensitive.
      </p>
      <datalist id="security-question-suggestions">
        {SUGGESTIONS.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <ol className="question-rows">
        {rows.map((r, i) => (
          <li key={i} className="question-row">
            <TextField label={`Question ${i + 1}`} name={`question${i + 1}`} value={r.question} onChange={edit(i, 'question')} error={errors[`questions[${i}].question`]} list="security-question-suggestions" maxLength={255} required />
            <TextField label="Answer" name={`answer${i + 1}`} value={r.answer} onChange={edit(i, 'answer')} error={errors[`questions[${i}].answer`]} maxLength={200} required />
            {rows.length > MIN_QUESTIONS && (
              <button type="button" className="btn btn-small" onClick={() => {
                  setRows(rows.filter((_, j) => j !== i));
                  setErrors({});
                }} aria-label={`Remove question ${i + 1}`}>
                Remove
              </button>
            )}
          </li>
        ))}
      </ol>
      <FormError message={problem} />
      <div className="toolbar">
        {rows.length < MAX_QUESTIONS && (
          <button type="button" className="btn" onClick={() => setRows([...rows, blank()])}>
            Add question
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Save
        </button>
      </div>
    </form>
  );
}

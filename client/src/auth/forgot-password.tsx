// The forgot-password panel of the sign-in screen (seed 000 §2.2, §5): the user name, then that
// user's security questions (User.preForgotPassword), every one answered (empty answers are
// flagged), then User.forgotPassword, which mails a reset link when all answers match.
import { useState, type FormEvent } from 'react';
import { rpc } from '../rpc/rpc';
import { fieldErrorsOf, presentError } from '../rpc/error-presenter';
import { FormError, TextField, type FieldErrors } from './fields';
import { isInlineLoginError } from './login';
import { FORM_ERRORS } from './messages';

export const RECOVERY_SENT = 'Verified successful, please check your inbox for further instructions.';
export const ANSWER_REQUIRED = 'Please answer this question.';

type Step = { kind: 'name' } | { kind: 'questions'; questions: string[] } | { kind: 'sent' };

export function ForgotPasswordPanel({ onBack }: { onBack: () => void }) {
  const [name, setName] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'name' });
  const [answers, setAnswers] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) setErrors(fields);
      if (isInlineLoginError(e)) setProblem(e.message);
      else await presentError(e);
    } finally {
      setBusy(false);
    }
  }

  function askQuestions(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setErrors({ name: 'Please enter your username.' });
      setProblem(FORM_ERRORS);
      return;
    }
    setErrors({});
    void run(async () => {
      const questions = await rpc.json<string[]>('User.preForgotPassword', { name: name.trim() });
      setAnswers(questions.map(() => ''));
      setStep({ kind: 'questions', questions });
    });
  }

  function sendAnswers(e: FormEvent) {
    e.preventDefault();
    const missing: FieldErrors = {};
    answers.forEach((a, i) => {
      if (!a.trim()) missing[`a${i + 1}`] = ANSWER_REQUIRED;
    });
    setErrors(missing);
    if (Object.keys(missing).length) {
      setProblem(FORM_ERRORS);
      return;
    }
    void run(async () => {
      const args = Object.fromEntries([['name', name.trim()], ...answers.map((a, i) => [`a${i + 1}`, a.trim()])]);
      await rpc.text('User.forgotPassword', args);
      setStep({ kind: 'sent' });
    });
  }

  return (
    <div className="auth-box" data-panel="forgot-password">
      <h1>Forgot Password</h1>
      {step.kind === 'name' && (
        <form onSubmit={askQuestions} noValidate>
          <p className="muted">Enter your username to answer your security questions.</p>
          <TextField label="Username" name="name" value={name} onChange={setName} error={errors.name} autoComplete="username" required />
          <FormError message={problem} />
          <button className="btn btn-primary" type="submit" disabled={busy}>
            Next
          </button>
        </form>
      )}
      {step.kind === 'questions' && (
        <form onSubmit={sendAnswers} noValidate>
          {step.questions.map((q, i) => (
            <TextField
              key={i}
              label={q}
              name={`a${i + 1}`}
              value={answers[i] ?? ''}
              onChange={(v) => {
                setAnswers(answers.map((a, j) => (j === i ? v : a)));
                setErrors(({ [`a${i + 1}`]: _gone, ...rest }) => rest);
              }}
              error={errors[`a${i + 1}`]}
              required
            />
          ))}
          <FormError message={problem} />
          <button className="btn btn-primary" type="submit" disabled={busy}>
            Send
          </button>
        </form>
      )}
      {step.kind === 'sent' && (
        <p className="form-success" role="status">
          {RECOVERY_SENT}
        </p>
      )}
      <p className="auth-links">
        <button type="button" className="link-button" onClick={onBack}>
          Back to sign in
        </button>
      </p>
    </div>
  );
}

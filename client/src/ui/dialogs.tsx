// Modal dialogs that any code may open (the error presenter, forms, sign-in): alert, confirm,
// prompt and the blocking busy dialog ("Creating...", "Updating..."). One host renders them.
// Each traps the focus and closes on Escape with its cancelling button (focus-trap.ts).
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useFocusTrap } from './focus-trap';

export type DialogTone = 'info' | 'success' | 'warning' | 'error';

interface DialogButton {
  label: string;
  value: string;
  primary?: boolean;
}

interface OpenDialog {
  id: number;
  title: string;
  message: ReactNode;
  tone: DialogTone;
  buttons: DialogButton[];
  /** A text box (prompt); its value is answered with the button. */
  input?: { label: string; type: 'text' | 'password'; pattern?: string; validate?: (v: string) => string | null };
  /** A busy dialog has no buttons and is closed by its opener. */
  busy?: boolean;
  resolve: (answer: { button: string; value: string }) => void;
}

let nextId = 1;
let open: OpenDialog[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function show(d: Omit<OpenDialog, 'id' | 'resolve'>): { id: number; answer: Promise<{ button: string; value: string }> } {
  const id = nextId++;
  const answer = new Promise<{ button: string; value: string }>((resolve) => {
    open = [...open, { ...d, id, resolve }];
    emit();
  });
  return { id, answer };
}

function close(id: number, button: string, value = '') {
  const d = open.find((x) => x.id === id);
  open = open.filter((x) => x.id !== id);
  emit();
  d?.resolve({ button, value });
}

export const dialogs = {
  alert(title: string, message: ReactNode, tone: DialogTone = 'info'): Promise<void> {
    return show({ title, message, tone, buttons: [{ label: 'OK', value: 'ok', primary: true }] }).answer.then(() => undefined);
  },
  confirm(title: string, message: ReactNode, labels: { yes?: string; no?: string } = {}): Promise<boolean> {
    return show({
      title,
      message,
      tone: 'warning',
      buttons: [
        { label: labels.no ?? 'Cancel', value: 'no' },
        { label: labels.yes ?? 'Yes', value: 'yes', primary: true },
      ],
    }).answer.then((a) => a.button === 'yes');
  },
  /** Asks for a value; null when cancelled. `validate` answers a message to show, or null. */
  prompt(title: string, message: ReactNode, input: OpenDialog['input'] & object): Promise<string | null> {
    return show({
      title,
      message,
      tone: 'info',
      input,
      buttons: [
        { label: 'Cancel', value: 'cancel' },
        { label: 'OK', value: 'ok', primary: true },
      ],
    }).answer.then((a) => (a.button === 'ok' ? a.value : null));
  },
  /** A blocking dialog (no buttons) until the returned function is called. */
  busy(message: string): () => void {
    const { id } = show({ title: '', message, tone: 'info', buttons: [], busy: true });
    return () => close(id, 'done');
  },
  /** Closes everything (navigation away after a session ends). */
  closeAll() {
    for (const d of [...open]) close(d.id, 'closed');
  },
};

function useDialogs() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
  );
}

function Dialog({ d }: { d: OpenDialog }) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const first = useRef<HTMLInputElement | HTMLButtonElement | null>(null);
  const box = useRef<HTMLDivElement>(null);
  // Escape answers as the cancelling button would (Cancel, No, Stay; OK of an alert); a busy dialog stays.
  useFocusTrap(box, () => {
    const cancel = d.buttons.find((b) => !b.primary) ?? d.buttons[0];
    if (!d.busy && cancel) close(d.id, cancel.value, '');
  });
  useEffect(() => first.current?.focus(), []);
  const answer = (button: DialogButton) => {
    if (d.input && button.value === 'ok') {
      const issue = d.input.validate?.(value) ?? null;
      if (issue) {
        setProblem(issue);
        return;
      }
    }
    close(d.id, button.value, value);
  };
  const primary = d.buttons.find((b) => b.primary);
  return (
    <div className="dialog-backdrop" role="presentation">
      <div
        ref={box}
        tabIndex={-1}
        className={`dialog dialog-${d.tone}`}
        role={d.busy ? 'status' : 'alertdialog'}
        aria-modal="true"
        aria-labelledby={d.title ? `dialog-title-${d.id}` : undefined}
        aria-label={d.title ? undefined : d.busy ? d.message?.toString() : 'Message'}
        aria-describedby={`dialog-message-${d.id}`}
        data-dialog={d.busy ? 'busy' : 'dialog'}
      >
        {d.title && (
          <h2 className="dialog-title" id={`dialog-title-${d.id}`}>
            {d.title}
          </h2>
        )}
        <div className="dialog-message" id={`dialog-message-${d.id}`}>
          {d.busy && <span className="spinner" aria-hidden="true" />}
          {d.message}
        </div>
        {d.input && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (primary) answer(primary);
            }}
          >
            <label className="field">
              <span>{d.input.label}</span>
              <input
                ref={(el) => {
                  first.current = el;
                }}
                name="dialog-input"
                type={d.input.type}
                value={value}
                inputMode={d.input.pattern ? 'numeric' : undefined}
                autoComplete="off"
                onChange={(e) => {
                  setValue(e.target.value);
                  setProblem(null);
                }}
                aria-invalid={problem ? true : undefined}
              />
            </label>
            {problem && <p className="field-error">{problem}</p>}
          </form>
        )}
        {d.buttons.length > 0 && (
          <div className="dialog-buttons">
            {d.buttons.map((b) => (
              <button
                key={b.value}
                type="button"
                className={b.primary ? 'btn btn-primary' : 'btn'}
                data-button={b.value}
                ref={
                  b.primary && !d.input
                    ? (el) => {
                        first.current = el;
                      }
                    : undefined
                }
                onClick={() => answer(b)}
              >
                {b.label}
              </button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

export function DialogHost() {
  const list = useDialogs();
  return (
    <>
      {list.map((d) => (
        <Dialog key={d.id} d={d} />
      ))}
    </>
  );
}

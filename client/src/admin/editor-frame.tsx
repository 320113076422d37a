// What the screen editors share on screen: the Structured / Raw JSON switch over one draft, the
// raw JSON text with its parse error, the schema problem of the draft and Save's refusal (the
// client's or the server's) in words beside the field they are about (editor-messages.ts, each
// once; the path stays readable), the E_CONCURRENT notice with a reload, the live
// preview, and the definition's history in edit mode.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ScreenHistory } from './screen-history';
import { parseJson } from './draft-edit';
import type { EditorModule, ScreenEditor } from './use-screen-editor';
import { editorMessage, editorMessages, messageText, type EditorMessage } from './editor-messages';
import { FieldMessagesProvider, useUnclaimedMessages } from './field-messages';
import './screen-editor.css';
import { Loading } from '../ui/loading';
import { ConflictNotice } from './conflict-notice';

export function EditorFrame(props: {
  module: EditorModule;
  editor: ScreenEditor;
  heading: string;
  listPath: string;
  /** Name and owner fields, shown in both modes. */
  head: ReactNode;
  /** Why the structured editor cannot show this draft, or null. */
  structureProblem: string | null;
  structured: () => ReactNode;
  preview: ReactNode;
}) {
  const { module, editor, heading, listPath, head, structureProblem, structured, preview } = props;
  if (editor.status === 'loading') {
    return <Loading />;
  }
  if (editor.status === 'error') {
    return (
      <section className="page screen-editor" data-testid="editor" data-state="error">
        <h1>{heading}</h1>
        <p role="alert">The definition could not be loaded: {editor.loadError}</p>
        <Link to={listPath}>Back to the list</Link>
      </section>
    );
  }
  const { mode } = editor;
  // The live problem and Save's refusal of the same problem are one message.
  const messages = editorMessages(module, editor.parseError ? (editor.saveProblem?.paths ?? []) : [...(editor.saveProblem?.paths ?? []), editor.problem]);
  return (
    <FieldMessagesProvider messages={messages}>
      <section className="page screen-editor" data-testid="editor" data-editor={module} data-state="ready" data-id={editor.id ?? ''} data-updatectr={editor.updatectr} data-dirty={editor.dirty}>
        <div className="editor-head">
          <h1>{heading}</h1>
          <Link to={listPath} className="btn" data-testid="back">
            Back to the list
          </Link>
        </div>
        <div className="editor-fields">{head}</div>
        <div className="editor-modes" role="tablist" aria-label="Editing mode">
          {(['structured', 'raw'] as const).map((m) => (
            <button key={m} type="button" role="tab" aria-selected={mode === m} className={`btn${mode === m ? ' btn-primary' : ''}`} data-testid={`mode-${m}`} onClick={() => editor.setMode(m)}>
              {m === 'structured' ? 'Structured' : 'Raw JSON'}
            </button>
          ))}
        </div>
        {mode === 'structured' ? (
          structureProblem ? (
            <div className="editor-problem" role="alert" data-testid="structure-problem">
              <p>{structureProblem} Fix it in the Raw JSON mode.</p>
            </div>
          ) : (
            <div className="editor-structured" data-testid="structured">
              {structured()}
            </div>
          )
        ) : (
          <label className="editor-raw">
            <span className="form-label">Definition (properties) as JSON</span>
            <textarea data-testid="raw-json" spellCheck={false} rows={24} value={editor.rawText} onChange={(e) => editor.setRawText(e.target.value)} />
          </label>
        )}
        <EditorProblems module={module} editor={editor} />
        {editor.conflict && <ConflictNotice what="definition" onReload={editor.reload} onDismiss={editor.dismissConflict} />}
        {editor.savedNotice && (
          <p className="notice" role="status" data-testid="saved">
            {editor.savedNotice}
          </p>
        )}
        {preview}
        {editor.id !== null && <ScreenHistory module={module} id={editor.id} updatectr={editor.updatectr} onRestored={editor.reload} />}
      </section>
    </FieldMessagesProvider>
  );
}

/** The parse error, the draft's problem and Save's refusal, with the messages no field shows. */
function EditorProblems({ module, editor }: { module: EditorModule; editor: ScreenEditor }) {
  const unclaimed = useUnclaimedMessages();
  const saveProblem = editor.saveProblem;
  const same = (a: EditorMessage, b: EditorMessage) => a.key === b.key && a.sentence === b.sentence;
  const refused = (saveProblem?.paths ?? []).map((p) => editorMessage(module, p));
  // The draft's live problem, unless Save's refusal already says it.
  const live = editor.problem ? editorMessage(module, editor.problem) : null;
  const draft = live && !refused.some((r) => same(r, live)) ? unclaimed.filter((u) => same(u, live)) : [];
  const saved = unclaimed.filter((u) => refused.some((r) => same(r, u)));
  const list = (items: EditorMessage[], testId: string) =>
    items.length > 0 && (
      <ul>
        {items.map((m) => (
          <li key={m.key + m.sentence}>
            {messageText(m)} <code data-testid={testId}>{m.raw}</code>
          </li>
        ))}
      </ul>
    );
  return (
    <>
      {editor.parseError ? (
        <p className="editor-problem" role="alert" data-testid="parse-error">
          {editor.parseError}
        </p>
      ) : (
        draft.length > 0 && (
          <div className="editor-problem" data-testid="draft-problem">
            <p>Not valid yet:</p>
            {list(draft, 'draft-problem-path')}
          </div>
        )
      )}
      <div className="toolbar editor-save">
        <button type="button" className="btn btn-primary" data-testid="save" disabled={editor.saving} onClick={() => void editor.save()}>
          {editor.saving ? 'Saving...' : editor.id === null ? 'Create' : 'Save'}
        </button>
        {editor.dirty && <span className="muted">Unsaved changes</span>}
      </div>
      {saveProblem && (
        <div className="editor-problem" role="alert" data-testid="save-problem" data-from={saveProblem.from}>
          {/* The server's message repeats the problem; when every problem has its field, it is said there. */}
          <p>{saved.length === 0 && saveProblem.paths.length > 0 ? 'Not saved: see the fields marked above.' : saveProblem.message}</p>
          {list(saved, 'save-problem-path')}
        </div>
      )}
    </>
  );
}

/** A small JSON value typed in a text box (a where list): committed only when it parses. */
export function JsonInput(props: { value: unknown; onChange(v: unknown): void; testId: string; label: string; placeholder?: string }) {
  const { value, onChange, testId, label, placeholder } = props;
  const shown = value === undefined ? '' : JSON.stringify(value);
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <label className="field">
      <span className="form-label">{label}</span>
      <input
        data-testid={testId}
        value={text ?? shown}
        placeholder={placeholder}
        onChange={(e) => {
          const t = e.target.value;
          setText(t);
          if (t.trim() === '') {
            setError(null);
            onChange(undefined);
            return;
          }
          const parsed = parseJson(t);
          setError(parsed.ok ? null : parsed.error);
          if (parsed.ok) onChange(parsed.value);
        }}
        onBlur={() => !error && setText(null)}
      />
      {error && <span className="field-error">{error}</span>}
    </label>
  );
}

/** A comma-separated list typed in a text box (search fields, role ids): the text is kept while typing. */
export function CommaListInput(props: { value: readonly (string | number)[] | undefined; onChange(items: string[]): void; testId: string; label: string; placeholder?: string }) {
  const { value, onChange, testId, label, placeholder } = props;
  const [text, setText] = useState<string | null>(null);
  return (
    <label className="field">
      <span className="form-label">{label}</span>
      <input
        data-testid={testId}
        placeholder={placeholder}
        value={text ?? (value ?? []).join(', ')}
        onChange={(e) => {
          setText(e.target.value);
          onChange(
            e.target.value
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          );
        }}
        onBlur={() => setText(null)}
      />
    </label>
  );
}

// The head of every screen editor: the id read from the address, the record's name, and its
// owner (a module or a WebList).
import { ChoiceSelect, type Choice } from '../ui/labelled-fields';
import type { ScreenEditor } from './use-screen-editor';
import { FieldMessage } from './field-messages';

/** A positive whole id from a route parameter; anything else means a new record. */
export function editedId(raw: string | undefined): number | null {
  const n = Number(raw);
  return raw !== undefined && Number.isInteger(n) && n > 0 ? n : null;
}

export function NameField({ editor }: { editor: ScreenEditor }) {
  return (
    <label className="field">
      <span className="form-label required">Name</span>
      <input data-testid="name" value={editor.draft.name} onChange={(e) => editor.setName(e.target.value)} />
      <FieldMessage at="name" />
    </label>
  );
}

/** `at`: the owner column (`weblist`, `module`), the path of its messages. */
export function OwnerSelect(props: { editor: ScreenEditor; label: string; testId: string; at: string; choices: Choice[]; required?: boolean; onChange?(owner: string): void }) {
  const { editor, required = false } = props;
  return (
    <ChoiceSelect label={props.label} testId={props.testId} value={editor.draft.owner} choices={props.choices} onChange={props.onChange ?? editor.setOwner} required={required} none={required ? undefined : '(none)'}>
      <FieldMessage at={props.at} />
    </ChoiceSelect>
  );
}

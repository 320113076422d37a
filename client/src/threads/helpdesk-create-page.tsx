// Create New Question (/re/helpdesk/create, seed 002 §2 and §5): category (list group 248), the
// user to link and its role for category 1408, subject, message, attachments. Prefilled from the
// address (c, s, d). The server checks the same required fields (requiredWhen for 1408) and
// stamps the entity, the state New and the author; attachments follow once the question exists.
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { rpc } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { RequiredInput, RequiredSelect, RequiredTextArea, type Choice } from '../ui/labelled-fields';
import { uploadAll } from './attachments';
import { LINK_USER_CATEGORY } from './thread-format';
import './threads.css';
import { SaveBackToolbar, useCreateSave } from '../ui/create-page-save';

const CATEGORY_GROUP = 248;
/** Choosing this category pre-fills the message (seed 002 §5). */
const CONTACT_EMAIL_CATEGORY = 1101164;
const CONTACT_EMAIL_TEXT = '[Enter one contact email address here, and remove this text]';
const ROLES = ['Approver', 'Preparer', 'Checker'] as const;
const ROLE_CHOICES: Choice[] = ROLES.map((r) => ({ value: r, label: r }));

export default function HelpdeskCreatePage() {
  const [params] = useSearchParams();
  const [categories, setCategories] = useState<Choice[]>([]);
  const [category, setCategory] = useState(params.get('c') ?? '');
  const [name, setName] = useState(params.get('s') ?? '');
  const [description, setDescription] = useState(params.get('d') ?? '');
  const [userid, setUserid] = useState('');
  const [role, setRole] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const { invalid, busy, submit } = useCreateSave([category, name, description, userid, role, files.map((f) => f.name)]);

  useEffect(() => {
    rpc
      .select({ module: 'List', fields: ['id', 'name'], where: [['listgroup', '=', CATEGORY_GROUP], ['state', '!=', 4]], order: 'displayorder asc, name asc', max: 200 })
      .then(({ rows }) => setCategories(rows.map((r) => ({ value: String(r.id), label: String(r.name) }))))
      .catch((e) => void presentError(e));
  }, []);

  const linkUser = Number(category) === LINK_USER_CATEGORY;

  function chooseCategory(value: string) {
    setCategory(value);
    if (Number(value) === CONTACT_EMAIL_CATEGORY && !description.trim()) setDescription(CONTACT_EMAIL_TEXT);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    const missing = new Set<string>();
    if (!category) missing.add('category');
    if (!name.trim()) missing.add('name');
    if (!description.trim()) missing.add('description');
    if (linkUser && !userid.trim()) missing.add('userid');
    if (linkUser && !role) missing.add('role');
    const fields = ['category', 'name', 'description'];
    const values: (string | number)[] = [Number(category), name, description];
    if (linkUser) {
      fields.push('userid', 'approver', 'preparer', 'checker');
      values.push(userid.trim(), ...ROLES.map((r) => (r === role ? '1' : '0')));
    }
    await submit(missing, async () => {
      const created = await rpc.create({ module: 'RE-Helpdesk', fields, values, read: ['id'] });
      const id = Number(created.id);
      await uploadAll('Helpdesk_Reference', 'fk_helpdesk', id, files);
      return `/re/helpdesk/${id}`;
    });
  }

  return (
    <section className="page">
      <h1>Create New Question</h1>
      <form className="thread-create" onSubmit={(e) => void save(e)} noValidate>
        <RequiredSelect label="Category" name="category" value={category} invalid={invalid} choices={categories} onChange={chooseCategory} />
        {linkUser && (
          <>
            <RequiredInput label="Link User ID" name="userid" value={userid} invalid={invalid} onChange={setUserid} />
            <RequiredSelect label="User Role" name="role" value={role} invalid={invalid} choices={ROLE_CHOICES} onChange={setRole} />
          </>
        )}
        <RequiredInput label="Subject" name="name" value={name} invalid={invalid} maxLength={255} onChange={setName} />
        <RequiredTextArea label="Message" name="description" value={description} invalid={invalid} rows={6} onChange={setDescription} />
        <label>
          <span>Attachments</span>
          <input type="file" name="attachments" multiple onChange={(e) => setFiles([...(e.target.files ?? [])])} />
        </label>
        <SaveBackToolbar busy={busy} back={'/re/helpdesk'} />
      </form>
    </section>
  );
}

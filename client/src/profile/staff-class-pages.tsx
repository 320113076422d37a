// The MIDA screens of the regulator's shell (seed 001 §2.4; docs/re-profile.md):
// /iru/mida/{data_id} shows an entity's MIDA table on its own (data_id is the entity), and
// /iru/staffclass/create?re={re} and /iru/staffclass/{id}/edit edit the counts with form 371;
// the engine computes the totals whatever the form sends.
import { useParams } from 'react-router-dom';
import FormPage from '../form/form-page';
import { NotFoundPage } from '../ui/dead-ends';
import { MidaTable } from './mida-table';

export const STAFF_CLASS_FORM = 371;

export function MidaPage() {
  const { data_id } = useParams();
  const re = Number(data_id);
  if (!Number.isInteger(re) || re < 1) return <NotFoundPage />;
  return (
    <section className="page mida-page">
      <MidaTable re={re} standalone />
    </section>
  );
}

export function StaffClassFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { id } = useParams();
  return <FormPage formId={STAFF_CLASS_FORM} mode={mode} dataId={mode === 'edit' ? id : undefined} basePath="/iru/staffclass" shell="iru" />;
}

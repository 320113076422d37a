// /iru/peoi_form/{id}: the forms of a non-compliance case's submission (list 157, seed 003 §2.7),
// held to the batch; rows open the form's filing screen. The heading names the submission's
// entity and period; Back returns to the cases.
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import ListPage from '../list/list-page';
import { recordIdOf } from '../ui/use-record-load';
import { NotFoundPage } from '../ui/dead-ends';
import { rpc, type Row } from '../rpc/rpc';
import { formatDate } from '../ui/date-format';
import { usePageTitle } from '../app/page-title';
import '../periods/periods.css';

/** The submission's entity and period end, for the heading; null while loading or unreadable. */
function useBatchHeading(batch: number | null): { entity: string; endon: string } | null {
  const [row, setRow] = useState<Row | null>(null);
  useEffect(() => {
    let live = true;
    setRow(null);
    if (batch !== null) {
      rpc.select({ module: 'FormBatch', fields: ['id', 're_name_ind_field', 'endon'], where: [['id', '=', batch]], max: 1 }).then(
        ({ rows }) => live && setRow(rows[0] ?? null),
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [batch]);
  return row ? { entity: String(row.re_name_ind_field ?? ''), endon: formatDate(String(row.endon ?? '')) } : null;
}

export default function PeoiFormsPage() {
  const { id } = useParams();
  const batch = recordIdOf(id);
  const fixedWhere = useMemo((): [string, string, unknown][] => [['formbatch', '=', batch ?? 0]], [batch]);
  const heading = useBatchHeading(batch);
  const title = heading ? `Forms of ${heading.entity}, period ending ${heading.endon}` : 'Forms';
  usePageTitle(heading ? title : null);
  if (batch === null) return <NotFoundPage title="Submission not found" message="Submission not found." back={{ to: '/iru/peoi', label: 'Back to the cases' }} />;
  return (
    <section className="page" data-peoi-forms={batch}>
      <header className="batch-head">
        <h1 data-heading>{title}</h1>
        <div className="toolbar"><Link to="/iru/peoi" className="btn" data-action="back">Back</Link></div>
      </header>
      <ListPage listId={157} basePath={`/iru/peoi_form/${batch}`} shell="iru" fixedWhere={fixedWhere} embedded />
    </section>
  );
}

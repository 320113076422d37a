// /iru/peoi_form/{id}: the forms of a non-compliance case's submission (list 157, seed 003 §2.7),
// held to the batch; rows open the form's filing screen. Back returns to the cases.
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import ListPage from '../list/list-page';
import { recordIdOf } from '../ui/use-record-load';
import { NotFoundPage } from '../ui/dead-ends';

export default function PeoiFormsPage() {
  const { id } = useParams();
  const batch = recordIdOf(id);
  const fixedWhere = useMemo((): [string, string, unknown][] => [['formbatch', '=', batch ?? 0]], [batch]);
  if (batch === null) return <NotFoundPage title="Submission not found" message="Submission not found." back={{ to: '/iru/peoi', label: 'Back to the cases' }} />;
  return (
    <section className="page">
      <div className="toolbar"><Link to="/iru/peoi" className="btn" data-action="back">Back</Link></div>
      <ListPage listId={157} basePath={`/iru/peoi_form/${batch}`} shell="iru" fixedWhere={fixedWhere} embedded />
    </section>
  );
}

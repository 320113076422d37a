// /mdash/{id?} (seed 000 §2.10, §2.11): without an id the chart cards; with an id, or `new`,
// the chart wizard in editor mode.
import { useParams } from 'react-router-dom';
import { ChartCards } from './chart-cards';
import { ChartWizard } from './chart-wizard';

export default function ChartEditorPage() {
  const { id: rawId } = useParams();
  if (rawId === undefined) return <ChartCards />;
  if (rawId === 'new') return <ChartWizard key="new" id={null} />;
  const id = Number(rawId);
  if (!Number.isInteger(id) || id < 1) {
    return (
      <p className="form-error" role="alert">
        There is no dashboard chart {rawId}.
      </p>
    );
  }
  return <ChartWizard key={id} id={id} />;
}

// The chart cards of the RE and regulator dashboards: sections of bar charts (from zero, with a
// legend, 150 px high: seed 000 §2.13), each card's title linking to its list screen when that
// screen exists in this build (else the title is plain text), with the chosen sector as a where
// filter on lists whose module has one (seed 003 §2.9).
import { Link } from 'react-router-dom';
import { ChartCanvas } from './chart-canvas';
import { cardChart, cardLink, type DashboardAnswer, type DashboardCard } from './entity-dashboard';
import { useRouteExists } from './route-exists';

export interface DashboardSection {
  title: string;
  cards: (DashboardCard & { sectorField?: string })[];
}

export function DashboardSections({ answer, sections, sector = null }: { answer: DashboardAnswer; sections: DashboardSection[]; sector?: number | null }) {
  const routeExists = useRouteExists();
  return (
    <>
      {sections.map((s) => (
        <section key={s.title} className="dashboard-section" data-section={s.title}>
          <h2>{s.title}</h2>
          <div className="chart-grid">
            {s.cards.map((card) => (
              <figure key={card.series + card.title} className="chart-card dashboard-card" data-series={card.series}>
                <figcaption>{routeExists(card.to) ? <Link to={cardLink(card.to, card.sectorField ?? null, sector)}>{card.title}</Link> : <span data-testid="card-unlinked">{card.title}</span>}</figcaption>
                <ChartCanvas view={cardChart(answer, card)} />
              </figure>
            ))}
          </div>
        </section>
      ))}
    </>
  );
}

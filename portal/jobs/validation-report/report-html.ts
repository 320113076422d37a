// The validation report as the HTML page Chromium prints to PDF: a heading per form (entity,
// period, state, outcome counts) and a table of its rules. Every value is escaped; the page has
// no script and loads nothing. A form with more than FULL_LINES rules lists its form checks, its
// first FULL_LINES failed cell rules and warnings, and the rest as counts per tab and outcome (the
// xlsx report lists every one), so a large form still prints in seconds.
import { OUTCOME_WORDS, type FormReport, type ReportLine } from '../../filing/validation-report.js';
import { escapeHtml as e } from '../../../engine/reports/template.js';

export const FULL_LINES = 2_000;

const STYLE = `
  body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 9pt; color: #222; margin: 0; }
  h1 { font-size: 14pt; margin: 0 0 2mm; }
  h2 { font-size: 11pt; margin: 6mm 0 1mm; page-break-after: avoid; }
  p.meta { margin: 0 0 2mm; color: #555; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border: 0.2mm solid #bbb; padding: 1mm 1.5mm; text-align: left; vertical-align: top; }
  th { background: #eee; }
  tr { page-break-inside: avoid; }
  td.failed { color: #b00000; font-weight: bold; }
  td.warning { color: #9c5700; }
  td.cell { white-space: nowrap; }
`;

function row(l: ReportLine): string {
  return `<tr><td>${e(l.tab === null ? '' : `${l.tab} ${l.tabTitle ?? ''}`.trim())}</td><td class="cell">${e(l.cell ?? '')}</td><td>${e(l.label)}</td><td>${e(l.rule)}</td><td class="${l.outcome}">${e(OUTCOME_WORDS[l.outcome])}</td><td>${e(l.message)}</td><td>${e(l.values)}</td></tr>`;
}

function formSection(r: FormReport): string {
  const head = `<h2>${e(r.code)} — ${e(r.name)}</h2><p class="meta">${e(r.entity)} · period ending ${e(r.period)} · ${e(r.state)} · template ${e(r.template)} version ${r.version} · ${r.counts.passed} passed, ${r.counts.failed} failed, ${r.counts.warning} warning${r.counts.warning === 1 ? '' : 's'}</p>`;
  let lines = r.lines;
  const summaries: string[] = [];
  if (lines.length > FULL_LINES) {
    // Form checks always; failed cell rules and warnings up to FULL_LINES; the rest counted per tab.
    const counted = new Map<string, { tab: string; outcome: ReportLine['outcome']; n: number }>();
    let listed = 0;
    lines = r.lines.filter((l) => {
      if (l.cell === null) return true;
      if (l.outcome !== 'passed' && listed < FULL_LINES) {
        listed++;
        return true;
      }
      const tab = `${l.tab} ${l.tabTitle ?? ''}`.trim();
      const key = `${tab}|${l.outcome}`;
      const c = counted.get(key) ?? { tab, outcome: l.outcome, n: 0 };
      c.n++;
      counted.set(key, c);
      return false;
    });
    for (const c of counted.values()) {
      const what = c.outcome === 'passed' ? 'passed' : c.outcome === 'failed' ? 'more failed' : 'more warnings';
      summaries.push(`<tr><td>${e(c.tab)}</td><td></td><td></td><td>Cell rules</td><td class="${c.outcome}">${e(OUTCOME_WORDS[c.outcome])}</td><td>${c.n.toLocaleString('en-GB')} cell rules ${what} (each is listed in the xlsx report).</td><td></td></tr>`);
    }
  }
  const body = [...lines.map(row), ...summaries].join('');
  return `${head}<table><thead><tr><th>Tab</th><th>Cell</th><th>Label</th><th>Rule</th><th>Outcome</th><th>Message</th><th>Values</th></tr></thead><tbody>${body || '<tr><td colspan="7">This form has no rules.</td></tr>'}</tbody></table>`;
}

export function validationHtml(reports: readonly FormReport[], meta: { title: string; printedAt: string; printedBy: string }): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${e(meta.title)}</title><style>${STYLE}</style></head><body><h1>${e(meta.title)}</h1><p class="meta">Checked ${e(meta.printedAt)} (UTC) for ${e(meta.printedBy)}</p>${reports.map(formSection).join('')}</body></html>`;
}

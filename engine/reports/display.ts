// A field's wire value (value-codec.ts) as a report shows it: dates DD/MM/YYYY and date-times
// DD/MM/YYYY HH:mm:ss as the screens show them (seed 000 §2.8), amounts with thousands
// separators, booleans Yes/No, an empty value empty.
import type { FieldType } from '../metadata/module-schema.js';
import type { Cell } from '../protocol/envelope.js';

function groupThousands(s: string): string {
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(s);
  if (!m) return s;
  return `${m[1]}${m[2].replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3] ?? ''}`;
}

export function displayText(cell: Cell, type: FieldType): string {
  if (cell === null) return '';
  switch (type) {
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(cell);
      return m ? `${m[3]}/${m[2]}/${m[1]}` : cell;
    }
    case 'datetime': {
      const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2}:\d{2})/.exec(cell);
      return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}` : cell;
    }
    case 'decimal':
      return groupThousands(cell);
    case 'boolean':
      return cell === '1' ? 'Yes' : 'No';
    default:
      return cell;
  }
}

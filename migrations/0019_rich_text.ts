// Rich text stored before the record engine sanitised it on write (docs/security.md): bulletin
// messages, public messages and rich-text parameters are run once through today's allow-list,
// so a script saved by an earlier release cannot reach a page that renders the stored HTML.
import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { sanitizeRichText } from '../engine/html/sanitize-rich-text.js';
import { bumpVersions } from '../engine/db/change-versions.js';

const RICH_TEXT_PARAMETER = 7632;
const COLUMNS: { table: string; column: string; where?: Record<string, unknown> }[] = [
  { table: 'bulletin', column: 'message' },
  { table: 'publicmessage', column: 'message' },
  { table: 'parameters', column: 'value0', where: { fieldtype: RICH_TEXT_PARAMETER } },
];

async function up(knex: Knex) {
  const changed: string[] = [];
  for (const { table, column, where } of COLUMNS) {
    const rows: { id: number; text: string | null }[] = await knex(table).where(where ?? {}).select('id', { text: column });
    for (const { id, text } of rows) {
      if (typeof text !== 'string') continue;
      const clean = sanitizeRichText(text);
      if (clean === text) continue;
      await knex(table).where({ id }).update({ [column]: clean });
      if (!changed.includes(table)) changed.push(table);
    }
  }
  if (changed.length) await bumpVersions(knex, changed);
}

// What was removed was never meant to be kept: nothing to restore.
async function down() {}

export const richText: Migration = { name: '0019_rich_text', up, down };

// Form.changes (docs/integrators.md "Change feed"): the forms accepted or accepted again after a
// cursor, in commit order, a page at a time, for a warehouse that follows the portal.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../../engine/runtime/registry.js';
import { recordset, text } from '../../../engine/protocol/envelope.js';
import { FEED_PAGE_DEFAULT, FEED_PAGE_MAX, feedPage } from '../../filing/acceptance-feed.js';

export const formChanges = defineAction({
  name: 'Form.changes',
  summary: 'The acceptances of forms the caller may see after a cursor, oldest first in commit order, a page at a time; each names the form (its id for Form.getData), its entity, template and version, period end and when it was accepted. Ask again with `next` to go on; an acceptance committed while paging comes on a later page, never before the cursor',
  args: [
    Type.Object(
      {
        since: Type.String({ maxLength: 100, description: 'The cursor: `next` of the previous answer, or an empty text for the first acceptance' }),
        max: Type.Optional(Type.Integer({ minimum: 1, maximum: FEED_PAGE_MAX, description: `Entries per page (default ${FEED_PAGE_DEFAULT}, at most ${FEED_PAGE_MAX})` })),
      },
      { additionalProperties: false },
    ),
  ],
  access: 'session',
  writes: false,
  answer: 'value 0: recordset (form, re, entity_code, entity_name, template_code, template_version, period_end, accepted_on), one row per acceptance, accepted_on in UTC; value 1: text JSON {next, more}: the cursor to ask with next, and whether more entries were already waiting',
  errors: ['E_VALIDATION', 'E_NOPERMISSION', 'E_BADREQUEST'],
  async handler([a], ctx) {
    const page = await feedPage(ctx, a.since, a.max ?? FEED_PAGE_DEFAULT);
    return [
      recordset(
        [
          { name: 'form', type: 'integer' },
          { name: 're', type: 'integer' },
          { name: 'entity_code', type: 'string' },
          { name: 'entity_name', type: 'string' },
          { name: 'template_code', type: 'string' },
          { name: 'template_version', type: 'integer' },
          { name: 'period_end', type: 'date' },
          { name: 'accepted_on', type: 'datetime' },
        ],
        page.entries.map((e) => [String(e.form), String(e.re), e.entity_code, e.entity_name, e.template_code, String(e.template_version), e.period_end, e.accepted_on]),
      ),
      text(JSON.stringify({ next: page.next, more: page.more })),
    ];
  },
});

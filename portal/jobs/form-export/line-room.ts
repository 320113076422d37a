// Room for the lines an entity adds in Excel on an add-new-rows tab: below the form's data rows,
// the tab's input cells stay unlocked (with their validations) down to the tab's maximum rows —
// `maxrowsize` when the template sets one, else DEFAULT_LINES — and never beyond ROOM_CAP lines
// (a maximum may be up to 100,000: each line of room is written as styled empty cells). A tab with
// a summary gets no room (its summary sits two rows below the data rows); there, as everywhere on
// an add-new-rows tab, lines are added by inserting rows, which the sheet's protection allows.
import type { Tab } from '../../filing/template-schema.js';

/** The lines of room on a tab whose template sets no maximum. */
export const DEFAULT_LINES = 500;
/** At most this many lines (data rows and room) are written unlocked. */
export const ROOM_CAP = 5000;

/** The lines (data rows and room) whose input cells are unlocked on the tab's sheet. */
export function unlockedLines(tab: Tab, dataRows: number): number {
  if (tab.type !== 'add-new-rows' || (tab.summary && !tab.summary.deleted)) return dataRows;
  return Math.max(dataRows, Math.min(tab.maxrowsize ?? DEFAULT_LINES, ROOM_CAP));
}

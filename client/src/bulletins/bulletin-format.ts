// Pure helpers of the bulletin screens (docs/bulletins.md): the feed's excerpt, dates as the
// seed shows and enters them, and the form's rules that mirror the server's.
import { DateTime } from 'luxon';

export const BULLETIN_ACTIVE = 33;
export const BULLETIN_INACTIVE = 4;
/** Seed 002 §9: the RE feed (and the dashboard, seed 000 §2.13) cut messages at 200 characters. */
export const EXCERPT_LENGTH = 200;
import { REQUIRED_FIELDS } from '../rpc/save-failure';
import { dateFromDisplay } from '../form/dates';
import { formatDate } from '../ui/date-format';


/** The text of a rich-text message: tags dropped, common entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut at the last word boundary with ' ...' after it (seed 002 §2). */
export function excerpt(html: string, max: number = EXCERPT_LENGTH): string {
  const text = plainText(html);
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > 0 ? cut.slice(0, space) : cut).trimEnd()} ...`;
}

/** A stored UTC date-time as its day, DD/MM/YYYY. Bulletin days are UTC days (docs/bulletins.md). */
export function bulletinDay(value: unknown): string {
  return formatDate(value);
}

/** Today as the server counts it (UTC), YYYY-MM-DD: the form's "not before today" agrees with it. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export interface BulletinDraft {
  name: string;
  message: string;
  /** dd/mm/yyyy as typed. */
  startdate: string;
  enddate: string;
  state: number;
  sectors: number[];
}

/**
 * The form's checks, as the server makes them (seed 002 §5): every field and one sector, else the
 * one message; start not before today (on create, or when changed); end at least a day after start.
 */
export function draftProblem(d: BulletinDraft, opts: { today: string; storedStart?: string }): string | null {
  const start = dateFromDisplay(d.startdate);
  const end = dateFromDisplay(d.enddate);
  if (!d.name.trim() || !plainText(d.message) || !start || !end || !d.sectors.length) return REQUIRED_FIELDS;
  if (start < opts.today && start !== opts.storedStart) return 'The start date cannot be before today.';
  const minEnd = DateTime.fromISO(start, { zone: 'utc' }).plus({ days: 1 }).toFormat('yyyy-MM-dd');
  if (end < minEnd) return 'The end date must be at least one day after the start date.';
  return null;
}

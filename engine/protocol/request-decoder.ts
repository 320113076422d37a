// Turns a /process request body (form-encoded, JSON or multipart fields) into a Call:
// action name, positional arguments, and the client's current entity.
import { errors } from '../errors/catalogue.js';
import type { Call } from '../actions/dispatch.js';

const ACTION = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z][A-Za-z0-9_-]*){1,3}$/;
const MAX_ARGS = 10;

function parseRe(raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === '' || raw === 'null' || raw === 'undefined') return null;
  // Only a number or its digits: Number() would also take true, [] or "  " for 1, 0 and 0.
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 0) throw errors.badRequest('re must be the id of a reporting entity');
  return n;
}

function checkAction(raw: unknown): string {
  if (typeof raw !== 'string' || raw === '') throw errors.badRequest('action is missing: send action=Namespace.name');
  if (raw.length > 120 || !ACTION.test(raw)) throw errors.badRequest('action must look like Namespace.name (letters, digits, _, - and dots)');
  return raw;
}

/** Form and multipart bodies: `action`, `a0`…`a9` as JSON texts, `re`, `sector`. */
export function decodeFormBody(body: Record<string, unknown>): Call {
  const action = checkAction(body.action === undefined ? undefined : single(body.action, 'action'));
  const args: unknown[] = [];
  for (let i = 0; i < MAX_ARGS; i++) {
    const raw = body[`a${i}`];
    if (raw === undefined) break;
    const s = single(raw, `a${i}`);
    try {
      args.push(JSON.parse(s));
    } catch {
      throw errors.badRequest(`a${i} is not valid JSON`);
    }
  }
  // An argument past a gap or past the tenth would otherwise be dropped without a word.
  const stray = Object.keys(body).find((k) => /^a\d+$/.test(k) && Number(k.slice(1)) >= args.length);
  if (stray) throw errors.badRequest(args.length === MAX_ARGS ? `At most ${MAX_ARGS} arguments` : `a${args.length} is missing while ${stray} is given`);
  return { action, args, re: parseRe(body.re) };
}

function single(raw: unknown, name: string): string {
  if (Array.isArray(raw)) throw errors.badRequest(`${name} is given more than once`);
  if (typeof raw !== 'string') throw errors.badRequest(`${name} must be text`);
  return raw;
}

/** JSON bodies: `{"action": "...", "args": [...], "re": 12, "sector": 1}`. */
export function decodeJsonBody(body: unknown): Call {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw errors.badRequest('The JSON body must be an object {"action": ..., "args": [...]}');
  const o = body as Record<string, unknown>;
  const action = checkAction(o.action);
  const args = o.args === undefined ? [] : o.args;
  if (!Array.isArray(args)) throw errors.badRequest('args must be an array of the positional arguments');
  if (args.length > MAX_ARGS) throw errors.badRequest(`At most ${MAX_ARGS} arguments`);
  return { action, args, re: parseRe(o.re) };
}

// Which rows a list helper's button shows for: a frozen submission offers no Delete (the server
// refuses it), and the submissions list asks for the flag that decides it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIST_HELPER_RULES } from './list-helper-rules';

const submissionsList = JSON.parse(readFileSync(new URL('../../../portal/metadata/screens/WebList/49.json', import.meta.url), 'utf8')) as unknown;

/** The helper names of a list's buttons, wherever the metadata keeps them. */
function helpersIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => helpersIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'helper' && typeof v === 'string') out.add(v.split('(')[0]);
      else helpersIn(v, out);
    }
  }
  return out;
}

describe('list helper rules', () => {
  it('offers no Delete on a frozen submission, and offers it on another row', () => {
    const rule = LIST_HELPER_RULES.deleteRecord;
    expect(rule.shows({ id: 1, frozen_ind: 1 }, [])).toBe(false);
    expect(rule.shows({ id: 1, frozen_ind: '1' }, [])).toBe(false);
    expect(rule.shows({ id: 1, frozen_ind: 0 }, [])).toBe(true);
    expect(rule.shows({ id: 1 }, [])).toBe(true);
  });

  it('has the submissions list ask for the frozen flag beside its Delete button', () => {
    const helpers = helpersIn(submissionsList);
    expect(helpers.has('deleteRecord')).toBe(true);
    expect([...helpers].flatMap((h) => LIST_HELPER_RULES[h]?.fields ?? [])).toContain('frozen_ind');
  });
});

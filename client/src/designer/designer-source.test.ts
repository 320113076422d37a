import { describe, expect, it } from 'vitest';
import { designerSource } from './designer-source';

describe('where the designer reads its form from', () => {
  it('opens a template by a numeric id, with its override', () => {
    expect(designerSource('12', '3', null)).toEqual({ kind: 'template', templateId: 12, overrideId: 3 });
    expect(designerSource('12', null, 'x')).toEqual({ kind: 'template', templateId: 12, overrideId: null });
  });

  it('reads a non-numeric id from the static folder and ?form= from the json folder', () => {
    expect(designerSource('sample-return', null, null)).toEqual({ kind: 'static', url: '/static/json/sample-return.json' });
    expect(designerSource(undefined, null, 'sample-checklist')).toEqual({ kind: 'static', url: '/json/sample-checklist.json' });
  });

  it('never lets a name leave its folder', () => {
    expect(designerSource('..%2Fsecret', null, null)).toEqual({ kind: 'none' });
    expect(designerSource(undefined, null, '../index')).toEqual({ kind: 'none' });
    expect(designerSource(undefined, null, null)).toEqual({ kind: 'none' });
  });
});

// The arguments of Job.ExportAccepted.submit: the period (required), an optional sector and
// template, and the file format. The stored job args add the download's file name.
import { Type, type Static } from '@sinclair/typebox';

const Filters = {
  period: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'The period end, YYYY-MM-DD' }),
  sector: Type.Optional(Type.Integer({ minimum: 1, maximum: 999_999_999, description: "Only entities of this sector (the entity's sector id)" })),
  template: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'Only forms of this template code' })),
  format: Type.Union([Type.Literal('csv'), Type.Literal('parquet')], { description: 'csv (RFC 4180, UTF-8) or parquet' }),
};

export const ExportAcceptedArgs = Type.Object(Filters, { additionalProperties: false });
export type ExportAcceptedArgs = Static<typeof ExportAcceptedArgs>;

export const StoredAcceptedArgs = Type.Object({ ...Filters, title: Type.String({ maxLength: 200 }) }, { additionalProperties: false });
export type StoredAcceptedArgs = Static<typeof StoredAcceptedArgs>;

/** The download's name without extension: `accepted {period}[ {template}][ sector {n}]`. */
export function extractTitle(a: ExportAcceptedArgs): string {
  const parts = ['accepted', a.period];
  if (a.template) parts.push(a.template.replace(/[^A-Za-z0-9._-]+/g, '_'));
  if (a.sector !== undefined) parts.push(`sector ${a.sector}`);
  return parts.join(' ');
}

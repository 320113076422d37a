// Who may do what with the entity record types B (docs/re-records.md "Record types B"),
// granted by seeds/access.ts. RE users work through the entity-scoped variants (RE-REX) and may
// read the base modules of funds and fund managers (the form's choices of a fund's manager and
// of a fund extension's fund; the base modules are scoped to the entity for RE users too).
// Money brokers are the regulator's (seed 001 §6: the tab is hidden from entity users): RE users
// only read them. Nothing is deleted: a record is voided (35) instead.
export const RECORDS_B_MODULES = ['REFundManager', 'REFund', 'REMoneyBroker', 'REOutsource', 'REBCAF', 'REInsurance', 'RELeasing', 'RELITC', 'REFintech', 'REFundExt', 'RETrustCompany', 'REDSH', 'REPUC'] as const;

const RE_READ_ONLY = new Set<string>(['REMoneyBroker']);

export const RECORDS_B_IRU_GRANTS: string[] = RECORDS_B_MODULES.flatMap((m) => [`${m}.create`, `${m}.update`]);

export const RECORDS_B_RE_GRANTS: string[] = [
  ...RECORDS_B_MODULES.flatMap((m) => (RE_READ_ONLY.has(m) ? [`RE-${m}.select`] : [`RE-${m}.select`, `RE-${m}.create`, `RE-${m}.update`])),
  'REFund.select',
  'REFundManager.select',
];

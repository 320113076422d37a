// Who maintains the entity record types of the first half (docs/re-records.md, Record types A).
// An entity's users (the RE role: the primary user, role 27, and its sub-users) keep their own
// entity's rows through the RE- variants; the regulator's staff keep every entity's through the
// base modules (they read every module already).
export const RECORDS_A_MODULES = ['REOffice', 'REKeyOfficer', 'REBoardComposition', 'REBoardMember', 'REBoardCommittee', 'REInstrument', 'REDebentureSukuk', 'RETradingProfile', 'RETradingPlatform'];

// Reading the base module too (scoped to the entity all the same: every base module has an
// entity scope) lets a form's select box and relation list name it for both kinds of user.
export const RECORDS_A_RE_GRANTS = RECORDS_A_MODULES.flatMap((m) => [...['select', 'create', 'update', 'delete'].map((verb) => `RE-${m}.${verb}`), `${m}.select`]).filter((p) => p !== 'REOffice.select');

export const RECORDS_A_IRU_GRANTS = RECORDS_A_MODULES.flatMap((m) => ['create', 'update', 'delete'].map((verb) => `${m}.${verb}`));

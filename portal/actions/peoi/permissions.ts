// Non-compliance (PEOI) tasks (seed 003 §4.6, §6): each stage's moves name one of these in
// PEOI's state map (portal/metadata/modules/PEOI.json), so seeds/access.ts derives them from the map.
// Roles 22, 37 and 43 act for IRU; 21, 35 and 44 as head of unit; 36 is the PEOI officer.
export const PEOI_PERMISSIONS = {
  iru: 'PEOI.action.iru',
  hou: 'PEOI.action.hou',
  peoi: 'PEOI.action.peoi',
} as const;

/** The regulator's staff open cases (one by one or a period's at once) and read them. */
export const PEOI_IRU_GRANTS = ['PEOI.create', 'PEOI.update', 'PEOI_Reference.create', 'REOffice.create', 'REOffice.update'];

/** An entity keeps its own office addresses (its profile's Details of Office). */
export const OFFICE_RE_GRANTS = ['REOffice.select', 'REOffice.create', 'REOffice.update', 'REOffice.delete'];

/** Role ids of seed 003 §6 and the stage each acts in. */
export const PEOI_ROLE_GRANTS: Record<number, string[]> = {
  21: [PEOI_PERMISSIONS.hou],
  22: [PEOI_PERMISSIONS.iru],
  35: [PEOI_PERMISSIONS.hou],
  36: [PEOI_PERMISSIONS.peoi],
  37: [PEOI_PERMISSIONS.iru],
  43: [PEOI_PERMISSIONS.iru],
  44: [PEOI_PERMISSIONS.hou],
};

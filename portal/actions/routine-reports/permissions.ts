// Routine report tasks (seed 003 §6): the head of unit recommends, the head of department
// approves; publishing is its own task. The three are the state map's move permissions
// (portal/metadata/modules/RoutineRpt.json), so seeds/access.ts derives them from the map.
export const ROUTINE_PERMISSIONS = {
  recommend: 'RoutineRpt.action.recommend',
  approve: 'RoutineRpt.action.approve',
  publish: 'RoutineRpt.action.publish',
} as const;

/** What the regulator's staff (the reports' authors) hold: write reports, reply with files, publish. */
export const ROUTINE_IRU_GRANTS = [
  'RoutineRpt.create', 'RoutineRpt.update', 'RoutineRpt_Sector.create', 'RoutineRpt_Sector.delete',
  'RoutineRptMsg.create', 'RoutineRptMsg.update', 'RoutineRptMsg_Reference.create',
  'BulletinTmpl.create', 'BulletinTmpl.update', ROUTINE_PERMISSIONS.publish,
];

/** An entity reads the routine reports of its sector (seed 003 §2.6: /re/RoutineReport), In Progress until published. */
export const ROUTINE_RE_GRANTS = ['RE-RoutineRpt.select'];

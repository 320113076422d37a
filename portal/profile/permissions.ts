// MIDA staff counts (docs/re-profile.md): the regulator's staff record them; StaffClass.update
// also shows the Edit button of the MIDA table (seed 001 §6). Entities never see the tab.
export const STAFF_CLASS_IRU_GRANTS = ['StaffClass.create', 'StaffClass.update'];

// A lab lends its equipment: the second app on the engine, and the smallest complete one. Its
// modules (Equipment, Loan), a loan's behaviour on every write, one action of its own, its tables
// and its seeds; everything else (sign-in, records, screens, the client) is the engine's.
import { defineApp } from '../../engine/app/engine-app.js';
import { MODULES_DIR } from './paths.js';
import { loanHooks } from './loan-rules.js';
import { loansActions } from './actions/index.js';
import { LOANS_MIGRATIONS } from './migrations.js';
import { seedLoans } from './seeds.js';

export const equipmentLoans = defineApp({
  name: 'equipment-loans',
  modulesDir: MODULES_DIR,
  actions: loansActions,
  moduleHooks: { Loan: loanHooks },
  migrations: LOANS_MIGRATIONS,
  seed: (db, options) => seedLoans(db, options),
});

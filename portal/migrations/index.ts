// The portal's own schema changes, run after the engine's (EngineApp.migrations, docs/engine.md).
// Names start with `portal_` so that they never meet the engine's; frozen once applied, as every
// migration is. The portal tables made before the split stay in migrations/ (0001–0038).
import type { Migration } from '../../engine/db/migration.js';
import { periodFreeze } from './portal_0001_period_freeze.js';
import { varianceRules } from './portal_0002_variance_rules.js';
import { importAllow } from './portal_0003_import_allow.js';
import { resubmissionBatches } from './portal_0004_resubmission_batches.js';
import { profileDefinitions } from './portal_0005_profile_definitions.js';
import { acceptedValues } from './portal_0006_accepted_values.js';

export const PORTAL_MIGRATIONS: Migration[] = [periodFreeze, varianceRules, importAllow, resubmissionBatches, profileDefinitions, acceptedValues];

// Where the portal's metadata is: its modules, screens, reports and profile definitions, in
// portal/metadata (PROJECT_ROOT: the sources under tsx or the bundle `npm start` builds).
import { join } from 'node:path';
import { PROJECT_ROOT } from '../engine/paths.js';

export const PORTAL_METADATA_DIR = join(PROJECT_ROOT, 'portal', 'metadata') + '/';
/** One JSON file per module; a file named as one of the engine's modules replaces it. */
export const MODULES_DIR = join(PORTAL_METADATA_DIR, 'modules') + '/';
/** The shipped WebList, WebListview and WebForms records, one JSON file each (seeded). */
export const SCREENS_DIR = join(PORTAL_METADATA_DIR, 'screens') + '/';
/** The shipped report definitions and their templates (seeded as WebReport records). */
export const REPORTS_DIR = join(PORTAL_METADATA_DIR, 'reports') + '/';

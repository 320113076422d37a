// Where the project's own files are, independent of the working directory.
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const MODULES_DIR = fileURLToPath(new URL('../../metadata/modules/', import.meta.url));

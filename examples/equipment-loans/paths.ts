// Where the app's metadata lives, beside its code.
import { fileURLToPath } from 'node:url';

export const MODULES_DIR = fileURLToPath(new URL('./metadata/modules/', import.meta.url));
export const SCREENS_DIR = fileURLToPath(new URL('./metadata/screens/', import.meta.url));

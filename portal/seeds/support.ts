// Chunked inserts, shared by every seed file: the engine's (engine/app/seed-helpers.ts).
export { insertRows } from '../../engine/app/seed-helpers.js';

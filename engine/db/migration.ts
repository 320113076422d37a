// One schema change: frozen once applied. The engine's are listed in migrations/index.ts, an
// app's in its own list (EngineApp.migrations), run after the engine's.
import type { Knex } from 'knex';

export type Migration = {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
};

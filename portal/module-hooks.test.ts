// The portal's modules name the files that hold their behaviour, and those files exist: whoever
// opens a module's metadata finds its rules.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ModuleRegistry } from '../engine/metadata/module-registry.js';
import { ENGINE_MODULES_DIR, PROJECT_ROOT } from '../engine/paths.js';
import { portal } from './app.js';
import { MODULES_DIR } from './paths.js';
import { appModules } from '../engine/app/app-modules.js';

const named = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { name: string; behaviour?: string })
    .filter((d) => d.behaviour);

describe('the portal as an app', () => {
  it('starts with every registered module naming its behaviour, and every named module registered', () => {
    const modules = appModules(portal);
    expect(modules.get('Extension')!.hooks).toBeDefined();
    expect(modules.get('RE-Extension')!.hooks).toBe(modules.get('Extension')!.hooks);
    expect(modules.get('Parameters')!.hooks).toBeDefined();
  });

  it('names behaviour files that exist, relative to the folder of the app that registers them', () => {
    const portalNamed = named(MODULES_DIR);
    expect(portalNamed.length).toBeGreaterThan(30);
    for (const d of portalNamed) expect(existsSync(join(PROJECT_ROOT, 'portal', d.behaviour!)), `${d.name}: portal/${d.behaviour}`).toBe(true);
    for (const d of named(ENGINE_MODULES_DIR)) expect(existsSync(join(PROJECT_ROOT, 'engine', d.behaviour!)), `${d.name}: engine/${d.behaviour}`).toBe(true);
  });
});

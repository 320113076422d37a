// The client that the browser tests, `npm start` and bench:client serve is one production build,
// even when vitest (NODE_ENV=test) made it in its global set-up.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ASSETS = join(ROOT, 'client', 'dist', 'assets');

describe('the built client', () => {
  it("is React's production build, with no development JSX and no paths of this machine", () => {
    const scripts = readdirSync(ASSETS).filter((n) => n.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) {
      const text = readFileSync(join(ASSETS, name), 'utf8');
      expect(text, name).not.toContain('jsxDEV');
      expect(text, name).not.toContain(ROOT);
    }
  });
});

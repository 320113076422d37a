import { describe, expect, it } from 'vitest';
import { ModuleRegistry } from '../metadata/module-registry.js';
import { MODULES_DIR } from '../../portal/paths.js';
import { closingValues, finalStates } from './thread-rules.js';

const modules = ModuleRegistry.fromDirectory(MODULES_DIR);

describe('thread rules of the shipped modules', () => {
  it('finds the final states as those with no way out of the state map', () => {
    expect(finalStates(modules.get('Helpdesk')!).sort((a, b) => a - b)).toEqual([8, 23, 66]);
    expect(finalStates(modules.get('Query')!).sort((a, b) => a - b)).toEqual([8, 80]);
  });

  it('stamps the closing time and whole days on closing, and clears both on any other state', () => {
    const query = modules.get('Query')!;
    const now = new Date('2024-03-08T10:00:00Z');
    expect(closingValues(query, 8, '2024-03-05 15:04:00', now)).toEqual({ closeon: '2024-03-08 10:00:00', duration: 2 });
    expect(closingValues(query, 80, '2024-03-08 09:00:00', now)).toEqual({ closeon: '2024-03-08 10:00:00', duration: 0 });
    expect(closingValues(query, 13, '2024-03-05 15:04:00', now)).toEqual({ closeon: null, duration: null });
    expect(closingValues(modules.get('Helpdesk')!, 8, '2024-03-05 15:04:00', now)).toEqual({});
  });

  it('lets variants use their base module\'s rules', () => {
    expect(modules.get('RE-QueryMessage')!.rules?.replyTo).toMatchObject({ module: 'Query', states: { re: 58, iru: 13 }, stamp: ['replyon'] });
    expect(modules.get('RE-Helpdesk')!.rules?.stateRequires?.['66']).toEqual([['category', '=', 1408]]);
  });
});

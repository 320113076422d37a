// The app's actions, registered beside the engine's own (EngineApp.actions).
import type { AnyAction } from '../../../engine/runtime/registry.js';
import { loanOverdue } from './loan-overdue.js';

export const loansActions = (): readonly AnyAction[] => [loanOverdue];

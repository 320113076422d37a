import { describe, expect, it } from 'vitest';
import { allTicked, columnTasks, grantChanges, matrixRows, rowTasks, searchRows, toggleGroup, type Task } from './role-matrix';

let next = 1;
const task = (module: string, code: string, title = module, name = `${module}.${code}`): Task => ({ id: next++, name, code, module, title });
const tasks = [
  task('Role', 'select', 'Role'),
  task('Role', 'create', 'Role'),
  task('Parameters', 'select', 'Business parameter'),
  task('Parameters', 'update', 'Business parameter'),
  task('RolePermission', 'update', 'Role & Permission'),
  task('User', 'resetMFA', 'User'),
  task('User', 'select', 'User'),
  task('User', 'activate', 'User'),
];
const id = (name: string) => tasks.find((t) => t.name === name)!.id;

describe('the role permission matrix', () => {
  it('puts each module on one row by title, its verbs in their columns and its actions under Other', () => {
    const rows = matrixRows(tasks);
    expect(rows.map((r) => r.title)).toEqual(['Business parameter', 'Role', 'Role & Permission', 'User']);
    const user = rows.find((r) => r.module === 'User')!;
    expect(user.cells.select?.name).toBe('User.select');
    expect(user.cells.create).toBeUndefined();
    expect(user.other.map((t) => t.name)).toEqual(['User.activate', 'User.resetMFA']);
    // RolePermission.update is an action's task named like a verb: it sits in Update.
    expect(rows.find((r) => r.module === 'RolePermission')!.cells.update?.name).toBe('RolePermission.update');
  });

  it('keeps the rows whose module, title or task names contain the search, in any case', () => {
    const rows = matrixRows(tasks);
    expect(searchRows(rows, 'param').map((r) => r.module)).toEqual(['Parameters']);
    expect(searchRows(rows, 'RESETmfa').map((r) => r.module)).toEqual(['User']);
    expect(searchRows(rows, '  ')).toHaveLength(4);
  });

  it('ticks a whole column or row, clears it when all were ticked, and never clears locked boxes', () => {
    const rows = matrixRows(tasks);
    const read = columnTasks(rows, 'select');
    expect(read.map((t) => t.name).sort()).toEqual(['Parameters.select', 'Role.select', 'User.select']);
    const all = toggleGroup(read, new Set([id('Role.select')]));
    expect(allTicked(read, all)).toBe(true);
    const cleared = toggleGroup(read, all, new Set([id('User.select')]));
    expect([...cleared]).toEqual([id('User.select')]);
    const user = rows.find((r) => r.module === 'User')!;
    expect(toggleGroup(rowTasks(user), new Set()).size).toBe(3);
    expect(columnTasks(rows, 'other').map((t) => t.name)).toEqual(['User.activate', 'User.resetMFA']);
  });

  it('answers the grants to add and the links to remove, with their updatectr', () => {
    const grants = [
      { linkId: 70, updatectr: 1, task: id('Role.select') },
      { linkId: 71, updatectr: 3, task: id('User.select') },
    ];
    expect(grantChanges(grants, new Set([id('Role.select'), id('Parameters.update')]))).toEqual({ create: [id('Parameters.update')], delete: [{ id: 71, updatectr: 3 }] });
    expect(grantChanges(grants, new Set([id('Role.select'), id('User.select')]))).toEqual({ create: [], delete: [] });
  });
});

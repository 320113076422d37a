// Record.* (and their Record2.* twins, registered as aliases): the generic record engine.
import { defineAction } from '../../runtime/registry.js';
import { selectRecords } from '../../records/select.js';
import { createRecord } from '../../records/create.js';
import { deleteRecord, updateRecord } from '../../records/update.js';
import { CreateArgs, DeleteArgs, SelectArgs, UpdateArgs } from '../../records/record-schemas.js';

export const recordSelect = defineAction({
  name: 'Record.select',
  summary: 'A page of rows of a module, with the total count matching the conditions',
  args: [SelectArgs],
  access: 'session',
  permission: { module: 'select' },
  writes: false,
  answer: 'value 0: recordset of rows; value 1: text, the total count matching where',
  errors: ['E_INVALIDFIELD', 'E_INVALIDOPERATOR', 'E_NOPERMISSION', 'E_BADREQUEST'],
  handler: ([a], ctx) => selectRecords(ctx, a),
});

export const recordCreate = defineAction({
  name: 'Record.create',
  summary: 'Creates a record (and, for relation type 2, its link record) in one transaction',
  args: [CreateArgs],
  access: 'session',
  permission: { module: 'create' },
  writes: true,
  answer: 'value 0: recordset with one row of the read fields (default id, updatectr)',
  errors: ['E_INVALIDFIELD', 'E_VALIDATION', 'E_NOPERMISSION', 'E_STATETRANSITION', 'E_BADREQUEST'],
  handler: ([a], ctx) => createRecord(ctx, a),
});

export const recordUpdate = defineAction({
  name: 'Record.update',
  summary: 'Updates a record if its updatectr is still the stored one',
  args: [UpdateArgs],
  access: 'session',
  permission: { module: 'update' },
  writes: true,
  answer: 'value 0: recordset with the read fields, updatectr incremented',
  errors: ['E_INVALIDFIELD', 'E_VALIDATION', 'E_NOPERMISSION', 'E_NOTFOUND', 'E_CONCURRENT', 'E_STATETRANSITION', 'E_BADREQUEST'],
  handler: ([a], ctx) => updateRecord(ctx, a),
});

export const recordDelete = defineAction({
  name: 'Record.delete',
  summary: 'Deletes a record (or a link record) if its counter is still the stored one',
  args: [DeleteArgs],
  access: 'session',
  permission: { module: 'delete' },
  writes: true,
  answer: 'value 0: text 1',
  errors: ['E_INVALIDFIELD', 'E_NOPERMISSION', 'E_NOTFOUND', 'E_CONCURRENT', 'E_BADREQUEST'],
  handler: ([a], ctx) => deleteRecord(ctx, a),
});

export const recordActions = [recordSelect, recordCreate, recordUpdate, recordDelete];

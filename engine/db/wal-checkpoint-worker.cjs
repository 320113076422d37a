// The WAL checkpoints of an engine's SQLite file, on a thread and connection of their own
// (wal-checkpointer.ts): a checkpoint copies the WAL's pages into the database file and syncs
// both, which on the engine's connection would stall every request for its length.
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const Database = require('better-sqlite3');

const db = new Database(workerData.filename, { fileMustExist: true });
// PASSIVE never waits for readers or writers; busy means "next time".
db.pragma('busy_timeout = 0');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try {
    checkpoint.get();
  } catch {
    // locked by a writer this instant: the next tick checkpoints
  }
}, workerData.everyMs);

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});

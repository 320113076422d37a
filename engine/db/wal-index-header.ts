// Whether any connection has committed to a SQLite database in WAL mode, read from the wal-index
// header at the start of its `-shm` file (https://www.sqlite.org/walformat.html, "The WAL-Index
// Header"), which every connection of every process maps and which SQLite keeps compatible
// across versions for that reason.
//
// Every request checks this before trusting the versions it knows (change-versions.ts). SQLite's
// own signal, `PRAGMA data_version`, opens and closes a read transaction (locks on the -shm file)
// and cost 15-30 µs a request, the largest single cost the engine adds to a cached list page;
// one pread of 96 bytes costs about 1 µs.
//
// The header is written twice, the second copy first: a read whose copies differ met a commit
// in progress and answers nothing (the caller then asks SQLite). The token is the WAL's last
// frame, its running checksum and its salts: it moves with every commit of every connection,
// this one's included, and the same token means the same WAL content, so the same data.
import { closeSync, openSync, readSync } from 'node:fs';

const HEADER_BYTES = 48;

export class WalIndexHeader {
  private readonly buffer = Buffer.alloc(HEADER_BYTES * 2);

  private constructor(private fd: number | undefined) {}

  /** The -shm file of a database file in WAL mode; undefined when it does not exist (not WAL, not opened yet). */
  static open(databaseFile: string): WalIndexHeader | undefined {
    try {
      return new WalIndexHeader(openSync(`${databaseFile}-shm`, 'r'));
    } catch {
      return undefined;
    }
  }

  /** A token that differs after any commit; undefined while a commit writes the header or before it is initialised. */
  token(): string | undefined {
    if (this.fd === undefined) return undefined;
    const b = this.buffer;
    try {
      if (readSync(this.fd, b, 0, b.length, 0) !== b.length) return undefined;
    } catch {
      return undefined;
    }
    // isInit (byte 12) and the two copies alike.
    if (b[12] !== 1 || b.compare(b, HEADER_BYTES, HEADER_BYTES * 2, 0, HEADER_BYTES) !== 0) return undefined;
    // mxFrame (16), aFrameCksum (24, 28), aSalt (32, 36).
    return `${b.readUInt32LE(16)}.${b.readUInt32LE(24)}.${b.readUInt32LE(28)}.${b.readUInt32LE(32)}.${b.readUInt32LE(36)}`;
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }
}

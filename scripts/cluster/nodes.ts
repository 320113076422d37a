// Three MariaDB Galera nodes on loopback, each with its own ports and data directory under the
// run's temporary folder: created with mariadb-install-db, the first bootstrapped with
// --wsrep-new-cluster, the others joined; killed with SIGKILL and restarted to rejoin by IST/SST.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';

export const MARIADBD = '/usr/sbin/mariadbd';
export const GALERA = '/usr/lib/galera/libgalera_smm.so';

export interface GaleraNode {
  index: number;
  name: string;
  port: number;
  /** Group communication, incremental state transfer and full state transfer ports. */
  gcommPort: number;
  istPort: number;
  sstPort: number;
  dir: string;
  cnf: string;
  child?: ChildProcess;
}

/** rsync unless mariabackup (package mariadb-backup) is installed: the SST method the script uses. */
export function sstMethod(): 'mariabackup' | 'rsync' {
  const found = spawnSync('sh', ['-c', 'command -v mariabackup || command -v mariadb-backup'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? 'mariabackup' : 'rsync';
}

export function planNodes(root: string, basePort = 13306, baseGcomm = 14567): GaleraNode[] {
  return [0, 1, 2].map((i) => ({
    index: i,
    name: `node${i + 1}`,
    port: basePort + i,
    gcommPort: baseGcomm + i,
    istPort: baseGcomm + 10 + i,
    sstPort: baseGcomm + 20 + i,
    dir: join(root, `node${i + 1}`),
    cnf: join(root, `node${i + 1}.cnf`),
  }));
}

/** The settings docs/deploy.md explains, one file per node (read alone: --defaults-file). */
function config(node: GaleraNode, all: GaleraNode[], sst: string, user: string): string {
  const members = all.map((n) => `127.0.0.1:${n.gcommPort}`).join(',');
  return `[mysqld]
user=${user}
datadir=${node.dir}/data
socket=${node.dir}/mysqld.sock
pid-file=${node.dir}/mysqld.pid
log-error=${node.dir}/error.log
port=${node.port}
bind-address=127.0.0.1
skip-name-resolve=OFF
character-set-server=utf8mb4
collation-server=utf8mb4_unicode_ci
default_storage_engine=InnoDB
binlog_format=ROW
innodb_autoinc_lock_mode=2
innodb_flush_log_at_trx_commit=2
innodb_buffer_pool_size=96M
innodb_log_file_size=48M
max_connections=200
wsrep_on=ON
wsrep_provider=${GALERA}
wsrep_cluster_name=portal_cluster_test
wsrep_cluster_address=gcomm://${members}
wsrep_node_name=${node.name}
wsrep_node_address=127.0.0.1:${node.gcommPort}
wsrep_node_incoming_address=127.0.0.1:${node.port}
wsrep_provider_options="gmcast.listen_addr=tcp://127.0.0.1:${node.gcommPort};ist.recv_addr=127.0.0.1:${node.istPort};gcache.size=256M;evs.suspect_timeout=PT3S;evs.inactive_timeout=PT6S;evs.install_timeout=PT6S"
wsrep_sst_method=${sst}
wsrep_sst_receive_address=127.0.0.1:${node.sstPort}
wsrep_slave_threads=2
wsrep_sync_wait=1
wsrep_retry_autocommit=1
wsrep_certify_nonPK=ON
`;
}

/**
 * The account the servers run as: run by root, the `mysql` account of the MariaDB package (the
 * rsync daemon of a state transfer, started by the server, drops root's rights to write files), else
 * the caller's own.
 */
function serverUser(root: string): string {
  if (process.getuid?.() !== 0) return userInfo().username;
  chmodSync(root, 0o755);
  return 'mysql';
}

/** Creates each node's data directory with mariadb-install-db: root without a password over TCP. */
export function installNodes(root: string, nodes: GaleraNode[], sst: string): void {
  const user = serverUser(root);
  for (const node of nodes) {
    mkdirSync(join(node.dir, 'data'), { recursive: true });
    writeFileSync(node.cnf, config(node, nodes, sst, user));
    if (user === 'mysql') spawnSync('chown', ['-R', 'mysql:mysql', node.dir]);
    const r = spawnSync(
      'mariadb-install-db',
      [`--defaults-file=${node.cnf}`, '--auth-root-authentication-method=normal', '--skip-test-db', `--user=${user}`, `--datadir=${node.dir}/data`],
      { encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`mariadb-install-db for ${node.name} failed: ${r.stderr || r.stdout}`);
  }
}

export function startNode(node: GaleraNode, bootstrap: boolean): void {
  const args = [`--defaults-file=${node.cnf}`, ...(bootstrap ? ['--wsrep-new-cluster'] : [])];
  node.child = spawn(MARIADBD, args, { stdio: 'ignore' });
}

/** SIGKILL, as a crash: no shutdown, no chance to tell the cluster. */
export async function killNode(node: GaleraNode): Promise<void> {
  const child = node.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}

export async function stopNode(node: GaleraNode): Promise<void> {
  const child = node.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await gone;
  clearTimeout(timer);
}

export function nodeConnection(node: GaleraNode, database?: string): Promise<mysql.Connection> {
  return mysql.createConnection({ host: '127.0.0.1', port: node.port, user: 'root', database, connectTimeout: 2000, multipleStatements: false });
}

export async function wsrepStatus(node: GaleraNode): Promise<{ size: number; state: string; ready: string } | undefined> {
  let c: mysql.Connection | undefined;
  try {
    c = await nodeConnection(node);
    const [rows] = await c.query("SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_cluster_size','wsrep_local_state_comment','wsrep_ready')");
    const map = Object.fromEntries((rows as { Variable_name: string; Value: string }[]).map((r) => [r.Variable_name, r.Value]));
    return { size: Number(map.wsrep_cluster_size), state: String(map.wsrep_local_state_comment), ready: String(map.wsrep_ready) };
  } catch {
    return undefined;
  } finally {
    await c?.end().catch(() => undefined);
  }
}

/** Until every node answers Synced in a cluster of all of them; throws with the last state seen. */
export async function waitSynced(nodes: GaleraNode[], timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    const states = await Promise.all(nodes.map((n) => wsrepStatus(n)));
    last = nodes.map((n, i) => `${n.name}: ${states[i] ? `${states[i]!.state}, size ${states[i]!.size}` : 'no answer'}`).join('; ');
    if (states.every((s) => s && s.state === 'Synced' && s.size === nodes.length && s.ready === 'ON')) return;
    const dead = nodes.find((n) => n.child && (n.child.exitCode !== null || n.child.signalCode !== null));
    if (dead) throw new Error(`${dead.name} stopped: ${tail(join(dead.dir, 'error.log'))}`);
    if (Date.now() > until) throw new Error(`the cluster did not reach ${nodes.length} Synced nodes in ${timeoutMs / 1000} s (${last})`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The end of a node's error log, for a failure message. */
export function tail(file: string, lines = 12): string {
  if (!existsSync(file)) return '(no error log)';
  return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
}

/** How the restarted node caught up, from its error log since its last start: IST, SST or unknown. */
export function transferKind(node: GaleraNode): string {
  const file = join(node.dir, 'error.log');
  const log = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const recent = log.slice(Math.max(0, log.lastIndexOf('starting as process')));
  if (/IST received/i.test(recent)) return 'IST';
  if (/SST received|SST succeeded|SST complete/i.test(recent)) return 'SST';
  return 'unknown';
}


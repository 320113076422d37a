// A MariaDB/MySQL DATABASE_URL that may name several hosts of one cluster
// (`mysql://user:pass@db1:3306,db2:3306,db3/portal`), and the choice of the host new connections
// go to: the first that answers, kept while it does; when a connection to it cannot be made, or
// it is a Galera node that is not synced, the next one (docs/deploy.md).
export interface MysqlHost {
  host: string;
  port: number;
}

export interface MysqlTarget {
  user: string;
  password: string;
  database: string;
  hosts: MysqlHost[];
}

const URL_SHAPE = /^(?:mysql|mariadb):\/\/(?:([^@/]*)@)?([^/]+)\/([^?#]*)/i;

/** The user, password, database and hosts of a mysql:// URL; refuses one without a host or database, naming the part. */
export function parseMysqlUrl(url: string): MysqlTarget {
  const m = URL_SHAPE.exec(url);
  if (!m) throw new Error('DATABASE_URL must look like mysql://user:password@host[:port][,host[:port]…]/database');
  const [, auth = '', hostList, db] = m;
  const colon = auth.indexOf(':');
  const user = decodeURIComponent(colon < 0 ? auth : auth.slice(0, colon));
  const password = colon < 0 ? '' : decodeURIComponent(auth.slice(colon + 1));
  const hosts = hostList.split(',').map((h) => h.trim()).filter(Boolean).map(hostOf);
  if (!hosts.length) throw new Error('DATABASE_URL names no database host');
  const database = decodeURIComponent(db);
  if (!database) throw new Error('DATABASE_URL names no database (…/portal)');
  return { user, password, database, hosts };
}

function hostOf(text: string): MysqlHost {
  // [::1]:3306, host:3306, host
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (v6) return { host: v6[1], port: v6[2] ? Number(v6[2]) : 3306 };
  const at = text.lastIndexOf(':');
  if (at < 0) return { host: text, port: 3306 };
  const port = Number(text.slice(at + 1));
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`DATABASE_URL: "${text}" has no valid port`);
  return { host: text.slice(0, at), port };
}

/** Which host new connections use: moves on to the next when one fails, round the list. */
export class HostChoice {
  private current = 0;

  constructor(readonly hosts: readonly MysqlHost[]) {}

  get host(): MysqlHost {
    return this.hosts[this.current];
  }

  /** The host `failed` could not serve: the next one becomes the choice (unless another failure moved it already). */
  failed(failed: MysqlHost): void {
    if (this.hosts.length < 2 || this.host !== failed) return;
    this.current = (this.current + 1) % this.hosts.length;
  }
}

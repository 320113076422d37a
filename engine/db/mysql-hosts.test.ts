import { describe, expect, it } from 'vitest';
import { HostChoice, parseMysqlUrl } from './mysql-hosts.js';

describe('a DATABASE_URL naming the hosts of a cluster', () => {
  it('reads one host, or several with their ports, and the user, password and database', () => {
    expect(parseMysqlUrl('mysql://root@127.0.0.1:3306/test')).toEqual({ user: 'root', password: '', database: 'test', hosts: [{ host: '127.0.0.1', port: 3306 }] });
    expect(parseMysqlUrl('mysql://app:p%40ss@db1:13306,db2,[::1]:13308/portal')).toEqual({
      user: 'app',
      password: 'p@ss',
      database: 'portal',
      hosts: [{ host: 'db1', port: 13306 }, { host: 'db2', port: 3306 }, { host: '::1', port: 13308 }],
    });
  });

  it('refuses a URL without a database or with a bad port, saying which', () => {
    expect(() => parseMysqlUrl('mysql://root@db1/')).toThrow('names no database');
    expect(() => parseMysqlUrl('mysql://root@db1:99999/portal')).toThrow('"db1:99999" has no valid port');
    expect(() => parseMysqlUrl('postgres://db1/portal')).toThrow('must look like');
  });

  it('moves new connections to the next host when the chosen one fails, round the list, once per failure', () => {
    const choice = new HostChoice(parseMysqlUrl('mysql://root@a,b,c/portal').hosts);
    const first = choice.host;
    expect(first.host).toBe('a');
    choice.failed(first);
    expect(choice.host.host).toBe('b');
    // A second connection that failed on `a` meanwhile does not skip `b`.
    choice.failed(first);
    expect(choice.host.host).toBe('b');
    choice.failed(choice.host);
    choice.failed(choice.host);
    expect(choice.host.host).toBe('a');
  });
});

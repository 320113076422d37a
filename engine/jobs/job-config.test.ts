import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../fastify.config.js';

describe('job and report settings', () => {
  it('default to one job at a time, a minute of lease, files kept a day, and the system Chromium', () => {
    const c = loadConfig({ DATA_DIR: '/srv/portal' });
    expect(c).toMatchObject({
      jobsDir: '/srv/portal/jobs',
      jobConcurrency: 1,
      jobPollMs: 1000,
      jobLeaseSeconds: 60,
      jobMaxAttempts: 3,
      jobKeepHours: 24,
      exportPageRows: 1000,
      chromiumPath: '/usr/bin/chromium',
      reportPages: 2,
      reportTimeoutMs: 30_000,
      clockWork: true,
    });
    expect(loadConfig({ CLOCK_WORK: 'off' }).clockWork).toBe(false);
    expect(loadConfig({ CLOCK_WORK: 'On' }).clockWork).toBe(true);
    expect(loadConfig({ CHROMIUM_PATH: '/opt/chromium/chrome', JOB_CONCURRENCY: '0', JOBS_DIR: '/var/exports' })).toMatchObject({ chromiumPath: '/opt/chromium/chrome', jobConcurrency: 0, jobsDir: '/var/exports' });
  });

  it.each([
    [{ JOB_CONCURRENCY: '9' }, 'JOB_CONCURRENCY'],
    [{ JOB_LEASE_SECONDS: '1' }, 'JOB_LEASE_SECONDS'],
    [{ JOB_POLL_MS: 'often' }, 'JOB_POLL_MS'],
    [{ JOB_MAX_ATTEMPTS: '0' }, 'JOB_MAX_ATTEMPTS'],
    [{ JOB_KEEP_HOURS: '0' }, 'JOB_KEEP_HOURS'],
    [{ EXPORT_PAGE_ROWS: '5' }, 'EXPORT_PAGE_ROWS'],
    [{ REPORT_PAGES: '0' }, 'REPORT_PAGES'],
    [{ REPORT_TIMEOUT_MS: '10' }, 'REPORT_TIMEOUT_MS'],
    [{ CLOCK_WORK: 'sometimes' }, 'CLOCK_WORK'],
  ])('refuses %o with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

// The static tables of the home demo page (seed 000 §2.7): sample rows, as in the original.
// The jobs table shows real jobs from System.monitor; these sample jobs only stand in when the
// caller has none yet.

export const SAMPLE_ROLES: { name: string; description: string; users: number }[] = [
  { name: 'Admin', description: 'Every screen and every permission', users: 2 },
  { name: 'Admin minus security', description: 'Administration without users, roles and security settings', users: 3 },
  { name: 'Financial', description: 'Submissions, returns and financial reports', users: 8 },
  { name: 'Standard', description: 'Reading and preparing forms', users: 24 },
];

export const SAMPLE_SERVICES: { name: string; status: 'Running' | 'Stopped'; uptime: string }[] = [
  { name: 'Web server', status: 'Running', uptime: '41 days' },
  { name: 'Application server', status: 'Running', uptime: '41 days' },
  { name: 'Database', status: 'Running', uptime: '87 days' },
  { name: 'Mail relay', status: 'Running', uptime: '12 days' },
  { name: 'Backup agent', status: 'Stopped', uptime: '-' },
];

export const SAMPLE_ALERTS: { time: string; level: 'Info' | 'Warning' | 'Critical'; message: string }[] = [
  { time: '08:15', level: 'Info', message: 'Nightly backup completed' },
  { time: '09:02', level: 'Warning', message: 'Disk usage above 70% on the file store' },
  { time: '10:47', level: 'Critical', message: 'Mail relay did not answer for 5 minutes' },
  { time: '11:30', level: 'Info', message: 'Certificate renewal scheduled' },
];

export const SAMPLE_JOBS: { type: string; state: string; progress: number; owner: string; createon: string }[] = [
  { type: 'Nightly backup', state: 'done', progress: 100, owner: 'system', createon: '2024-01-15 01:00:00' },
  { type: 'Excel export', state: 'running', progress: 45, owner: 'iru', createon: '2024-01-15 09:12:00' },
  { type: 'Report batch', state: 'queued', progress: 0, owner: 'admin', createon: '2024-01-15 09:20:00' },
];

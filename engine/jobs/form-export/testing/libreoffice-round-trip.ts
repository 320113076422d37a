// An exported workbook opened and saved again by LibreOffice headless (xlsx → xlsx), with every
// formula recalculated on load (a fresh profile set so, as engine/testing/libreoffice.ts does for
// formula results): the file another program gives back, to read its names, validations,
// protection and recomputed values. engine/testing/libreoffice.ts answers only the results.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sofficePath } from '../../../testing/libreoffice.js';

const ALWAYS_RECALCULATE = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;

/** The workbook as LibreOffice saves it after opening (and recalculating) it. */
export async function libreOfficeRoundTrip(xlsx: Buffer, timeoutMs = 180_000): Promise<Buffer> {
  const soffice = sofficePath();
  if (!soffice) throw new Error('LibreOffice (soffice) is not installed: install libreoffice-calc-nogui or set SOFFICE.');
  const dir = await mkdtemp(join(tmpdir(), 'form-export-soffice-'));
  try {
    const profile = join(dir, 'profile');
    await mkdir(join(profile, 'user'), { recursive: true });
    await writeFile(join(profile, 'user', 'registrymodifications.xcu'), ALWAYS_RECALCULATE);
    await mkdir(join(dir, 'out'));
    await writeFile(join(dir, 'form.xlsx'), xlsx);
    const args = [`-env:UserInstallation=${pathToFileURL(profile).href}`, '--headless', '--norestore', '--nologo', '--nodefault', '--nolockcheck', '--convert-to', 'xlsx', '--outdir', join(dir, 'out'), join(dir, 'form.xlsx')];
    const output = await new Promise<string>((resolve, reject) => {
      // Its own process group, so a timeout ends soffice and the soffice.bin it starts together.
      const child = spawn(soffice, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.stderr.on('data', (d: Buffer) => (text += d.toString()));
      const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), timeoutMs);
      child.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve(text);
        else reject(new Error(`LibreOffice could not convert the workbook (exit ${code}): ${text.trim()}`));
      });
    });
    try {
      return await readFile(join(dir, 'out', 'form.xlsx'));
    } catch {
      throw new Error(`LibreOffice wrote no workbook: ${output.trim()}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

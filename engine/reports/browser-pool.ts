// Printing HTML to PDF with the system Chromium through puppeteer-core. One browser per engine
// process, started on the first print and reused; at most REPORT_PAGES pages print at a time
// (more wait their turn, a long queue is refused); every print has REPORT_TIMEOUT_MS; a browser
// that crashed or hung is replaced on the next print. Pages run no script and load nothing from
// the network: a template and its escaped values are all a report ever shows. puppeteer-core is
// loaded with the first print, so a process that prints nothing does not carry it.
import { accessSync, constants } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import type { Logger } from 'pino';
import { AppError } from '../errors/catalogue.js';

export const CHROMIUM_ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface BrowserPoolOptions {
  executablePath: string;
  maxPages: number;
  timeoutMs: number;
  log: Logger;
}

export interface PrintOptions {
  paper: 'A4' | 'Letter';
  landscape: boolean;
  /** Also a PNG picture of the printed page (the report designer's inline preview). */
  image?: boolean;
}

export interface Printed {
  pdf: Uint8Array;
  png?: Uint8Array;
}

/** Paper widths in CSS pixels (96 per inch), less the side margins, for the preview picture. */
const PAPER_WIDTH_PX = { A4: 794, Letter: 816 } as const;
const PAPER_HEIGHT_PX = { A4: 1123, Letter: 1056 } as const;

/** Waiting prints beyond this many per page are refused (E_RATELIMIT) rather than queued for minutes. */
const QUEUE_PER_PAGE = 20;

class Timeout extends Error {}

export function chromiumMissing(): AppError {
  return new AppError('E_FAIL', 'PDF reports are not available: Chromium was not found. Set CHROMIUM_PATH to the Chromium executable.');
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export class BrowserPool {
  private current: Browser | undefined;
  private launching: Promise<Browser> | undefined;
  private busy = 0;
  private readonly waiting: (() => void)[] = [];
  private closed = false;

  constructor(private readonly opts: BrowserPoolOptions) {}

  async print(html: string, options: PrintOptions): Promise<Uint8Array> {
    return (await this.printed(html, options)).pdf;
  }

  /** The PDF and, with `options.image`, a picture of the same page. */
  async printed(html: string, options: PrintOptions): Promise<Printed> {
    if (this.closed) throw new AppError('E_FAIL', 'The engine is stopping');
    const deadline = Date.now() + this.opts.timeoutMs;
    await this.acquire(deadline);
    try {
      const browser = await this.browser();
      try {
        return await this.printOn(browser, html, options, deadline);
      } catch (e) {
        if (e instanceof Timeout || browser.connected) throw e;
        // The browser died under this print (a crash, or killed): once more on a new one.
        this.opts.log.warn('Chromium went away during a print; printing again on a new one');
        if (this.current === browser) this.current = undefined;
        return await this.printOn(await this.browser(), html, options, deadline);
      }
    } catch (e) {
      throw this.failure(e);
    } finally {
      this.release();
    }
  }

  private async printOn(browser: Browser, html: string, options: PrintOptions, deadline: number): Promise<Printed> {
    let page: Page | undefined;
    try {
      page = await this.before(deadline, browser.newPage());
      await this.before(deadline, this.lockDown(page));
      await this.before(deadline, page.setContent(html, { waitUntil: 'load', timeout: this.left(deadline) }));
      const pdf = await this.before(deadline, page.pdf({ format: options.paper, landscape: options.landscape, printBackground: true, margin: { top: '15mm', bottom: '15mm', left: '12mm', right: '12mm' }, timeout: this.left(deadline) }));
      if (!options.image) return { pdf };
      // The picture is of the same page laid out for print, at the paper's width (less 12 mm margins).
      const [w, h] = options.landscape ? [PAPER_HEIGHT_PX[options.paper], PAPER_WIDTH_PX[options.paper]] : [PAPER_WIDTH_PX[options.paper], PAPER_HEIGHT_PX[options.paper]];
      await this.before(deadline, page.emulateMediaType('print'));
      await this.before(deadline, page.setViewport({ width: w - 91, height: h }));
      const png = await this.before(deadline, page.screenshot({ type: 'png', fullPage: true }));
      return { pdf, png };
    } finally {
      if (page && browser.connected) await this.closePage(page);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = this.current ?? (await this.launching?.catch(() => undefined));
    this.current = undefined;
    await browser?.close().catch(() => browser.process()?.kill('SIGKILL'));
  }

  private left(deadline: number): number {
    return Math.max(1, deadline - Date.now());
  }

  /** `work`, or a Timeout once the print's time is up. */
  private before<T>(deadline: number, work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Timeout()), this.left(deadline))));
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }

  private async lockDown(page: Page): Promise<void> {
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (req) => void (req.url().startsWith('data:') ? req.continue() : req.abort('blockedbyclient')).catch(() => undefined));
  }

  private failure(e: unknown): AppError {
    if (e instanceof AppError) return e;
    if (e instanceof Timeout || (e instanceof Error && e.name === 'TimeoutError')) {
      this.opts.log.warn('report print timed out');
      return new AppError('E_FAIL', `The report took longer than ${Math.round(this.opts.timeoutMs / 1000)} s to print; please try again`);
    }
    this.opts.log.error({ err: e }, 'report print failed');
    return new AppError('E_FAIL', 'The report could not be printed; please try again');
  }

  /** A page that will not close means a hung browser: replace it. */
  private async closePage(page: Page): Promise<void> {
    const closed = await Promise.race([page.close().then(() => true, () => false), new Promise<boolean>((r) => setTimeout(() => r(false), 5000).unref())]);
    if (!closed && this.current && !page.isClosed()) {
      this.opts.log.warn('a report page would not close; restarting Chromium');
      const hung = this.current;
      this.current = undefined;
      hung.process()?.kill('SIGKILL');
    }
  }

  private async acquire(deadline: number): Promise<void> {
    if (this.busy < this.opts.maxPages) {
      this.busy++;
      return;
    }
    if (this.waiting.length >= this.opts.maxPages * QUEUE_PER_PAGE) throw new AppError('E_RATELIMIT', 'Too many reports are being printed; please try again in a moment');
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(turn), 1);
        reject(this.failure(new Timeout()));
      }, this.left(deadline));
      this.waiting.push(turn);
    });
  }

  /** The slot passes straight to the next waiter, if any. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy--;
  }

  private async browser(): Promise<Browser> {
    if (this.current?.connected) return this.current;
    this.launching ??= this.launch().finally(() => (this.launching = undefined));
    return this.launching;
  }

  private async launch(): Promise<Browser> {
    const { executablePath, log } = this.opts;
    if (!executable(executablePath)) {
      log.error({ chromiumPath: executablePath }, 'Chromium not found: set CHROMIUM_PATH');
      throw chromiumMissing();
    }
    let browser: Browser;
    try {
      const { default: puppeteer } = await import('puppeteer-core');
      browser = await puppeteer.launch({ executablePath, headless: true, args: CHROMIUM_ARGS, timeout: this.opts.timeoutMs });
    } catch (err) {
      log.error({ err, chromiumPath: executablePath }, 'Chromium did not start');
      throw new AppError('E_FAIL', 'PDF reports are not available: Chromium could not be started. Check CHROMIUM_PATH.');
    }
    browser.on('disconnected', () => {
      if (this.current !== browser) return;
      this.current = undefined;
      if (!this.closed) log.warn('Chromium went away; it is started again on the next report');
    });
    if (this.closed) {
      await browser.close();
      throw new AppError('E_FAIL', 'The engine is stopping');
    }
    this.current = browser;
    log.info({ pid: browser.process()?.pid }, 'Chromium started for reports');
    return browser;
  }
}

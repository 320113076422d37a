// A search over a long list answered a page at a time (seed 001 §7: lookups page 30 at a time):
// the typed text is searched after a pause, the next page is asked for when the list is scrolled
// to its end, and an answer to an older text or page is dropped. Framework-free, so that the
// React select boxes and the entry grid's dropdown editor share it.

export interface Page<T> {
  items: T[];
  /** How many items match the text in all. */
  total: number;
}

export type PageLoader<T> = (text: string, page: number) => Promise<Page<T>>;

/** The pause after the last key before the search is asked (seed 000 §2.9). */
export const SEARCH_DELAY_MS = 250;

export class PagedSearch<T> {
  items: T[] = [];
  total = 0;
  loading = false;
  /** The last page's failure, shown in the list instead of "No matches". */
  failed = false;
  private text = '';
  private page = 0;
  private seq = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly load: PageLoader<T>,
    private readonly changed: () => void,
  ) {}

  get hasMore(): boolean {
    return this.page > 0 && this.items.length < this.total;
  }

  /** Searches `text` from its first page, after the typing pause (at once with `now`). */
  search(text: string, now = false): void {
    clearTimeout(this.timer);
    this.text = text;
    this.loading = true;
    this.changed();
    this.timer = setTimeout(() => this.fetch(1), now ? 0 : SEARCH_DELAY_MS);
  }

  /** Asks for the next page of the current text, unless one is on its way or none is left. */
  more(): void {
    if (this.loading || !this.hasMore) return;
    this.loading = true;
    this.changed();
    this.fetch(this.page + 1);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.seq++;
  }

  private fetch(page: number): void {
    const mine = ++this.seq;
    this.load(this.text, page)
      .then((p) => {
        if (mine !== this.seq) return;
        this.items = page === 1 ? p.items : [...this.items, ...p.items];
        this.total = p.total;
        this.page = page;
        this.failed = false;
      })
      .catch(() => {
        if (mine !== this.seq) return;
        if (page === 1) this.items = [];
        this.failed = true;
      })
      .finally(() => {
        if (mine !== this.seq) return;
        this.loading = false;
        this.changed();
      });
  }
}

/** Whether a scrolled list is near enough its end to ask for the next page. */
export const nearEnd = (el: { scrollTop: number; clientHeight: number; scrollHeight: number }): boolean => el.scrollTop + el.clientHeight >= el.scrollHeight - 24;

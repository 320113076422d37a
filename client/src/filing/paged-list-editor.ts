// The entry grid's editor of a dropdown cell whose list may be long: handsontable's text editor
// with a list under it that shows the list group's entries 30 at a time, searched as the filer
// types (a "contains" match) and paged from the server when scrolled to its end or when its
// "More" row is chosen. Arrow keys move through the entries, Enter takes the one marked (or what
// was typed), Escape leaves the cell unchanged; a click takes an entry.
import { TextEditor } from 'handsontable/editors';
import type { CellProperties } from 'handsontable/settings';
import { nearEnd, PagedSearch } from '../ui/paged-search';
import type { ListLookup } from './list-lookup';


export function pagedListEditor(lookup: ListLookup): typeof TextEditor {
  return class PagedListEditor extends TextEditor {
    private group = 0;
    private search: PagedSearch<string> | null = null;
    private list: HTMLUListElement | null = null;
    private active = -1;
    private original = '';

    override prepare(row: number, col: number, prop: string | number, td: HTMLTableCellElement, value: unknown, cellProperties: CellProperties): void {
      super.prepare(row, col, prop, td, value, cellProperties);
      this.group = Number((cellProperties as unknown as { listgroup?: number }).listgroup ?? 0);
      this.original = value === null || value === undefined ? '' : String(value);
    }

    override open(): void {
      super.open();
      // On the page, not in the grid: a grid of a few rows would cut the list off.
      const list = (this.list ??= this.makeList());
      this.hot.rootDocument.body.appendChild(list);
      list.hidden = false;
      this.place();
      this.active = -1;
      this.search?.dispose();
      const group = this.group;
      this.search = new PagedSearch<string>((text, page) => lookup.page(group, text, page), () => this.draw());
      // Opened on the cell's own value (Enter, double click): the list from its start; opened by typing: what was typed.
      const typed = this.TEXTAREA.value;
      this.search.search(typed === this.original ? '' : typed, true);
      this.TEXTAREA.addEventListener('input', this.onInput);
      this.TEXTAREA.addEventListener('keydown', this.onKey);
    }

    override close(): void {
      this.TEXTAREA.removeEventListener('input', this.onInput);
      this.TEXTAREA.removeEventListener('keydown', this.onKey);
      this.search?.dispose();
      this.search = null;
      if (this.list) {
        this.list.hidden = true;
        this.list.replaceChildren();
        this.list.remove();
      }
      super.close();
    }

    /**
     * Keys on the text box, before the grid's own handling (which listens on the document): the
     * arrows move through the list instead of leaving the cell; Enter puts the marked entry in the
     * text box and lets the grid save it, or on "More" asks for the next page.
     */
    private readonly onKey = (event: Event) => {
      const e = event as KeyboardEvent;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        e.stopPropagation();
        this.move(e.key === 'ArrowDown' ? 1 : -1);
      } else if (e.key === 'Enter' && !e.altKey && !e.ctrlKey && !e.metaKey && !this.take()) {
        e.preventDefault();
        e.stopPropagation();
      }
    };

    /** Under the cell's editor, or over it when the window has no room below. */
    private place(): void {
      const list = this.list;
      if (!list) return;
      const r = this.TEXTAREA.getBoundingClientRect();
      const view = this.hot.rootWindow.innerHeight;
      list.style.left = `${Math.round(r.left)}px`;
      list.style.minWidth = `${Math.round(Math.max(r.width, 224))}px`;
      const below = view - r.bottom;
      if (below < 160 && r.top > below) {
        list.style.top = '';
        list.style.bottom = `${Math.round(view - r.top)}px`;
        list.style.maxHeight = `${Math.round(Math.min(240, r.top - 8))}px`;
      } else {
        list.style.bottom = '';
        list.style.top = `${Math.round(r.bottom)}px`;
        list.style.maxHeight = `${Math.round(Math.min(240, below - 8))}px`;
      }
    }

    private readonly onInput = () => {
      this.active = -1;
      this.search?.search(this.TEXTAREA.value);
    };

    private places(): number {
      const s = this.search;
      return s ? s.items.length + (s.hasMore ? 1 : 0) : 0;
    }

    /** Moves the marked entry; past the last one the next page is asked for. */
    private move(step: number): void {
      const n = this.places();
      if (n) this.active = step > 0 ? (this.active + 1) % n : (this.active - 1 + n) % n;
      if (step > 0 && this.search && this.active >= this.search.items.length - 1) this.search.more();
      this.draw();
    }

    /** Enter: the marked entry goes into the cell (then the grid's Enter saves it); on "More", the next page. */
    private take(): boolean {
      const s = this.search;
      if (!s || this.active < 0) return true;
      if (this.active >= s.items.length) {
        s.more();
        return false;
      }
      this.TEXTAREA.value = s.items[this.active];
      return true;
    }

    private pick(value: string): void {
      this.TEXTAREA.value = value;
      this.finishEditing(false);
    }

    private makeList(): HTMLUListElement {
      const list = this.hot.rootDocument.createElement('ul');
      list.className = 'paged-list';
      list.setAttribute('role', 'listbox');
      list.setAttribute('aria-label', 'Values of the list');
      // The focus stays in the editor's text box, and the grid does not take the click as its own.
      list.addEventListener('mousedown', (e) => {
        e.preventDefault();
        e.stopPropagation();
      });
      list.addEventListener('click', (e) => {
        const li = e.target instanceof Element ? e.target.closest('li') : null;
        if (!li) return;
        if (li.dataset.more !== undefined) this.search?.more();
        else if (li.dataset.value !== undefined) this.pick(li.dataset.value);
      });
      list.addEventListener('scroll', () => nearEnd(list) && this.search?.more());
      return list;
    }

    private draw(): void {
      const list = this.list;
      const s = this.search;
      if (!list || !s) return;
      const doc = this.hot.rootDocument;
      const row = (text: string, attrs: Record<string, string>, className?: string) => {
        const li = doc.createElement('li');
        li.textContent = text;
        for (const [k, v] of Object.entries(attrs)) li.setAttribute(k, v);
        if (className) li.className = className;
        return li;
      };
      const rows = s.items.map((v, i) => row(v, { role: 'option', 'data-value': v, 'aria-selected': String(v === this.original) }, i === this.active ? 'active' : undefined));
      if (s.hasMore) rows.push(row(s.loading ? 'Loading…' : `More (${s.items.length} of ${s.total} shown)`, { role: 'option', 'data-more': '', 'aria-selected': 'false' }, `paged-more${this.active === s.items.length ? ' active' : ''}`));
      else if (!s.loading && !s.items.length) rows.push(row(s.failed ? 'The values could not be loaded.' : 'No matches', {}, 'paged-none'));
      list.replaceChildren(...rows);
      list.dataset.total = String(s.total);
      list.toggleAttribute('data-loading', s.loading);
      list.querySelector('li.active')?.scrollIntoView({ block: 'nearest' });
    }
  };
}

// Paging (seed 000 §2.8, §9): 20 rows a page, at most 10 page buttons around the current page,
// first / previous / next / last, and where the page sits in the total.
import { pageButtons } from './list-query';
import type { ListReady } from './use-list-controller';

export function ListPager({ list }: { list: ListReady }) {
  const { page, pageCount: pages, total, pageSize } = list;
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const button = (label: string, to: number, disabled: boolean, extra: Record<string, string> = {}) => (
    <button key={label} type="button" className="btn btn-small" disabled={disabled} onClick={() => list.setPage(to)} {...extra}>
      {label}
    </button>
  );
  return (
    <nav className="list-pager" aria-label="Pages">
      <span className="muted" data-page-info>
        {first <= total ? `Showing ${first} to ${last} of ${total} entries` : `${total} entries`}
      </span>
      <span className="pager-buttons">
        {button('First', 1, page <= 1, { 'data-page': 'first' })}
        {button('Previous', page - 1, page <= 1, { 'data-page': 'previous' })}
        {pageButtons(page, pages).map((p) => (
          <button key={p} type="button" className={`btn btn-small${p === page ? ' btn-primary' : ''}`} aria-current={p === page ? 'page' : undefined} data-page={p} onClick={() => list.setPage(p)}>
            {p}
          </button>
        ))}
        {button('Next', page + 1, page >= pages, { 'data-page': 'next' })}
        {button('Last', pages, page >= pages, { 'data-page': 'last' })}
      </span>
    </nav>
  );
}

// The pages a user meets instead of a silent redirect: an address that is no screen,
// a screen or record their account may not open, a record that does not exist. Each says so,
// names itself in the tab title, and offers a way back.
import { Link, useNavigate } from 'react-router-dom';
import { usePageTitle } from '../app/page-title';

export const NOT_FOUND_MESSAGE = 'There is no page at this address.';
export const NOT_ALLOWED_MESSAGE = 'Your account may not open this page.';

export interface WayBack {
  to: string;
  label: string;
}

export function WayBackButtons({ back }: { back?: WayBack }) {
  const navigate = useNavigate();
  return (
    <div className="toolbar">
      {back ? (
        <Link to={back.to} className="btn btn-primary" data-way-back>
          {back.label}
        </Link>
      ) : (
        <Link to="/home" className="btn btn-primary" data-way-back>
          Go to the home page
        </Link>
      )}
      {window.history.length > 1 && (
        <button type="button" className="btn" onClick={() => navigate(-1)}>
          Back
        </button>
      )}
    </div>
  );
}

export function NotFoundPage({ title = 'Page not found', message = NOT_FOUND_MESSAGE, back }: { title?: string; message?: string; back?: WayBack }) {
  usePageTitle(title);
  return (
    <section className="page dead-end" data-not-found>
      <h1>{title}</h1>
      <p className="empty" role="alert">
        {message}
      </p>
      <WayBackButtons back={back} />
    </section>
  );
}

/** `title` heads the page (the screen refused); the tab always says `Not allowed`. */
export function NotAllowedPage({ title = 'Not allowed', message = NOT_ALLOWED_MESSAGE, back }: { title?: string; message?: string; back?: WayBack }) {
  usePageTitle('Not allowed');
  return (
    <section className="page dead-end" data-not-allowed>
      <h1>{title}</h1>
      <p className="empty" role="alert">
        {message}
      </p>
      <WayBackButtons back={back} />
    </section>
  );
}

/** A load that failed for another reason: its message, and the way back. */
export function LoadFailedPage({ title, message, back }: { title: string; message: string; back?: WayBack }) {
  usePageTitle(title);
  return (
    <section className="page dead-end" data-load-failed>
      <h1>{title}</h1>
      <p className="empty" role="alert">
        {message}
      </p>
      <WayBackButtons back={back} />
    </section>
  );
}

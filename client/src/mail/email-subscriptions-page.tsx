// Email Subscriptions (/re/email, /iru/email; seed 002 §2, §7; docs/email-subscriptions.md): the
// e-mails the user is subscribed to, by group, each group collapsible and each e-mail with an
// unsubscribe link; Subscribe and Unsubscribe open the dialogs; Back. The list and the user's
// state come from EmailTemplate.getList; the server checks every change again.
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Loading } from '../ui/loading';
import { LoadFailedPage } from '../ui/dead-ends';
import { presentError } from '../rpc/error-presenter';
import { loadSubscriptions, type SubscriptionGroup } from './subscriptions-api';
import { SubscriptionDialog, type DialogKind } from './subscription-dialog';
import './email-subscriptions.css';

/** The groups holding only the e-mails that are (or are not) subscribed. */
function only(groups: SubscriptionGroup[], subscribed: boolean): SubscriptionGroup[] {
  return groups.map((g) => ({ ...g, templates: g.templates.filter((t) => t.subscribed === subscribed) })).filter((g) => g.templates.length > 0);
}

export default function EmailSubscriptionsPage({ shell }: { shell: 're' | 'iru' }) {
  const navigate = useNavigate();
  const [groups, setGroups] = useState<SubscriptionGroup[] | null | 'failed'>(null);
  const [folded, setFolded] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<{ kind: DialogKind; preselected: number[] } | null>(null);

  const reload = useCallback(async () => {
    try {
      setGroups(await loadSubscriptions());
    } catch (e) {
      setGroups('failed');
      void presentError(e);
    }
  }, []);
  useEffect(() => void reload(), [reload]);

  if (groups === null) return <Loading />;
  if (groups === 'failed') return <LoadFailedPage title="Email Subscriptions" message="The e-mail subscriptions could not be loaded." />;
  const subscribed = only(groups, true);
  const fold = (name: string) => setFolded((now) => {
    const next = new Set(now);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    return next;
  });

  return (
    <section className="page email-subscriptions">
      <h1>Email Subscriptions</h1>
      <p className="muted">The e-mails below are sent to you. Account and security e-mails (verification, password reset, MFA) are always sent.</p>
      {subscribed.length === 0 && <p className="list-empty" data-empty>You are not subscribed to any e-mail.</p>}
      {subscribed.map((g, i) => {
        const open = !folded.has(g.groupname);
        const bodyId = `subscription-group-${i}`;
        return (
          <div key={g.groupname} className="subscription-group" data-group={g.groupname}>
            <h2 className="subscription-group-title">
              <button type="button" className="subscription-group-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => fold(g.groupname)}>
                <span aria-hidden="true">{open ? '▾' : '▸'}</span> {g.groupname} <span className="muted">({g.templates.length})</span>
              </button>
            </h2>
            <ul id={bodyId} className="subscription-list" hidden={!open}>
              {g.templates.map((t) => (
                <li key={t.id} data-template={t.id}>
                  <span>{t.name}</span>
                  <button type="button" className="btn-link" data-action="unsubscribe-one" aria-label={`Unsubscribe from ${t.name}`} onClick={() => setDialog({ kind: 'unsubscribe', preselected: [t.id] })}>
                    Unsubscribe
                  </button>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      <div className="toolbar">
        <button type="button" className="btn" onClick={() => navigate(-1)}>Back</button>
        <button type="button" className="btn btn-primary" data-button="subscribe" onClick={() => setDialog({ kind: 'subscribe', preselected: [] })}>Subscribe</button>
        <button type="button" className="btn" data-button="unsubscribe" onClick={() => setDialog({ kind: 'unsubscribe', preselected: [] })}>Unsubscribe</button>
      </div>
      {dialog && (
        <SubscriptionDialog
          kind={dialog.kind}
          groups={only(groups, dialog.kind === 'unsubscribe')}
          preselected={dialog.preselected}
          helpdesk={shell === 're'}
          onClose={() => setDialog(null)}
          onChanged={() => {
            setDialog(null);
            void reload();
          }}
        />
      )}
    </section>
  );
}

// The Subscribe and Unsubscribe dialogs of the E-mail Subscriptions screen (seed 002 §2, §5): the
// e-mails to choose from by group, each a checkbox; nothing ticked shows the seed's message. On
// the RE side the dialog also offers the help desk request (category 1409, subject Subscribe or
// Unsubscribe, the ticked e-mails as the message) for what the user cannot change alone.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useFocusTrap } from '../ui/focus-trap';
import { dialogs } from '../ui/dialogs';
import { presentError } from '../rpc/error-presenter';
import { changeSubscriptions, helpdeskRequestPath, NONE_TO_SUBSCRIBE, NONE_TO_UNSUBSCRIBE, type SubscriptionGroup } from './subscriptions-api';

export type DialogKind = 'subscribe' | 'unsubscribe';

const TEXT = {
  subscribe: { title: 'Subscribe', none: NONE_TO_SUBSCRIBE, empty: 'You are subscribed to every e-mail you can choose.', done: 'Subscribed', subject: 'Subscribe' as const },
  unsubscribe: { title: 'Unsubscribe', none: NONE_TO_UNSUBSCRIBE, empty: 'You are not subscribed to any e-mail.', done: 'Unsubscribed', subject: 'Unsubscribe' as const },
};

export function SubscriptionDialog({ kind, groups, preselected, helpdesk, onClose, onChanged }: {
  kind: DialogKind;
  /** The groups with the e-mails this dialog offers (not subscribed, or subscribed). */
  groups: SubscriptionGroup[];
  preselected: number[];
  /** RE users may ask the regulator through the help desk instead. */
  helpdesk: boolean;
  onClose(): void;
  onChanged(): void;
}) {
  const text = TEXT[kind];
  const [ticked, setTicked] = useState<Set<number>>(new Set(preselected));
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useFocusTrap(box, onClose);
  useEffect(() => box.current?.querySelector<HTMLElement>('input, button')?.focus(), []);
  const names = groups.flatMap((g) => g.templates).filter((t) => ticked.has(t.id)).map((t) => t.name);

  const toggle = (id: number) => setTicked((now) => {
    const next = new Set(now);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });

  async function confirm() {
    if (!ticked.size) return dialogs.alert('Error', text.none, 'error');
    setBusy(true);
    try {
      await changeSubscriptions(kind === 'subscribe', [...ticked]);
      onChanged();
      await dialogs.alert('Success', `${text.done}: ${names.join(', ')}`, 'success');
    } catch (e) {
      setBusy(false);
      await presentError(e);
    }
  }

  const titleId = `subscription-dialog-${kind}`;
  return (
    <div className="dialog-backdrop" role="presentation">
      <div ref={box} tabIndex={-1} className="dialog dialog-info subscription-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} data-dialog={kind}>
        <h2 className="dialog-title" id={titleId}>{text.title}</h2>
        <div className="subscription-choices">
          {groups.length === 0 && <p className="muted">{text.empty}</p>}
          {groups.map((g) => (
            <fieldset key={g.groupname} className="subscription-choice-group">
              <legend>{g.groupname}</legend>
              {g.templates.map((t) => (
                <label key={t.id} className="subscription-choice">
                  <input type="checkbox" name="email" value={String(t.id)} checked={ticked.has(t.id)} onChange={() => toggle(t.id)} />
                  <span>{t.name}</span>
                </label>
              ))}
            </fieldset>
          ))}
          {helpdesk && (
            <p className="muted subscription-helpdesk">
              An e-mail that is not listed here, or that you cannot change yourself:{' '}
              <Link to={helpdeskRequestPath(text.subject, names)} data-link="helpdesk-request">ask the regulator through the Help Desk</Link>.
            </p>
          )}
        </div>
        <div className="dialog-buttons">
          <button type="button" className="btn" data-button="cancel" disabled={busy} onClick={onClose}>Cancel</button>
          <button type="button" className="btn btn-primary" data-button={kind} disabled={busy} onClick={() => void confirm()}>{text.title}</button>
        </div>
      </div>
    </div>
  );
}

// What an admin editor shows when its save met E_CONCURRENT: the record was saved elsewhere after
// it was opened, so nothing of this save was kept; reload, or keep the edits on screen to copy.
export function ConflictNotice({ what, onReload, onDismiss }: { what: string; onReload(): void; onDismiss(): void }) {
  return (
    <div className="conflict-notice" role="alert" data-testid="conflict">
      <h2>This {what} was changed by someone else</h2>
      <p>
        It was saved (by another user or in another tab) after you opened it, so your changes were <strong>not saved</strong>. Reload to see it as it is now, then make your changes again.
      </p>
      <div className="toolbar">
        <button type="button" className="btn btn-primary" data-testid="reload" onClick={onReload}>
          Reload
        </button>
        <button type="button" className="btn" data-testid="dismiss-conflict" onClick={onDismiss}>
          Keep my changes on screen
        </button>
      </div>
    </div>
  );
}

// The Reporting Entity Profile (seed 001 §2.5, §6, §8; seed 000 §2.2; docs/re-profile.md):
// /re/reprofile for the entity's own users, /iru/reprofile?id={re} for the regulator. The server
// decides the tabs (RE.getProfileTabs): kind 1 a list of the entity's rows, 2 a form in view mode
// (Business Info, with its PDF), 3 the office details, 4 the MIDA table. The selected tab is kept
// in ?tab_id= (39 = Details of Office); the first visible tab is the default. The entity's
// primary user confirms the business profile, then the office details (RE.verifyBizInfo,
// RE.verifyOffice): success ("1") refreshes the stored login info and reloads the page.
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import FormPage from '../form/form-page';
import ListPage from '../list/list-page';
import { rpc, RpcError, type Row } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { Loading } from '../ui/loading';
import { NotFoundPage } from '../ui/dead-ends';
import { useSession } from '../session/session-store';
import { OFFICE_TAB } from '../auth/profile-gate';
import { shellPrefix } from '../app/screen-routes';
import { MidaTable } from '../profile/mida-table';
import { OfficeVerifyList, VERIFY_OFFICE, verifyAndReload } from '../profile/office-verify-list';
import './re-profile-page.css';

export const PROFILE_TITLE = 'Reporting Entity Profile';
/** Seed 001 §8: the notice on the regulator's view of an entity's business information. */
export const REGULATOR_NOTICE =
  'Notice: the integration of business information is temporarily deactivated with effect from 17 August 2022. The last integration was on 17/03/22. Please refer to the regulator for the latest business information.';

const TAB_KIND = { list: 1, form: 2, office: 3, mida: 4 } as const;

export interface ProfileTab {
  id: number;
  title: string;
  kind: number;
  list: number | null;
  form: number | null;
}

const STEPS = {
  bizinfo: {
    action: 'RE.verifyBizInfo',
    text: 'Please review your business profile below and confirm that it is correct.',
    button: 'Verified',
    error: 'Verify Reporting Entity Profile error',
  },
  office: { action: VERIFY_OFFICE.action, text: VERIFY_OFFICE.text, button: VERIFY_OFFICE.button, error: VERIFY_OFFICE.error },
} as const;

/** The tab the address names when it is one of the visible ones, else the first. */
export function chosenTab(tabs: ProfileTab[], tabId: string | null): ProfileTab | null {
  return tabs.find((t) => String(t.id) === tabId) ?? tabs[0] ?? null;
}

function VerifyPanel({ step, tab }: { step: (typeof STEPS)[keyof typeof STEPS]; tab: 'office' | 'profile' }) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    if (!(await verifyAndReload(step.action, step.error))) setBusy(false);
  }
  return (
    <div className="conflict-notice verify-panel" data-testid="verify-panel" data-step={step.action} data-tab={tab}>
      <p>{step.text}</p>
      <button className="btn btn-primary" type="button" data-action="verify" disabled={busy} onClick={() => void confirm()}>
        {step.button}
      </button>
    </div>
  );
}

/** The office details when the office list is not installed: the entity's offices as RE.getDetailsOfOffice answers them. */
function OfficeTable({ re }: { re: number }) {
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    let live = true;
    rpc
      .call('RE.getDetailsOfOffice' as string, { re } as never)
      .then((values) => live && setRows(values[0]?.type === 'recordset' ? (values[0].rows as Row[]) : []))
      .catch((e) => {
        if (live) setRows([]);
        void presentError(e);
      });
    return () => {
      live = false;
    };
  }, [re]);
  if (rows === null) return <Loading />;
  if (!rows.length) return <p className="empty">Details of Office not found</p>;
  const cols: [string, string][] = [
    ['typeoffice', 'Type of Office'],
    ['address', 'Address'],
    ['city', 'City'],
    ['postcode', 'Postcode'],
    ['statename', 'State'],
    ['country', 'Country'],
  ];
  return (
    <table className="office-table" data-offices>
      <thead>
        <tr>
          {cols.map(([k, t]) => (
            <th key={k} scope="col">
              {t}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={String(r.id)}>
            {cols.map(([k]) => (
              <td key={k}>{r[k] === null || r[k] === undefined ? '' : String(r[k])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TabBody({ tab, re, side }: { tab: ProfileTab; re: number; side: 're' | 'iru' }) {
  const base = shellPrefix(side);
  if (tab.kind === TAB_KIND.form && tab.form !== null) {
    return (
      <>
        {side === 'iru' && (
          <p className="conflict-notice profile-notice" role="note" data-regulator-notice>
            {REGULATOR_NOTICE}
          </p>
        )}
        {/* Business Info in view mode; entity users never get its Edit button (seed 001 §6). */}
        <FormPage formId={tab.form} mode="view" dataId={String(re)} basePath={`${base}/reprofile`} shell={side} embedded noEdit={side === 're'} />
      </>
    );
  }
  if (tab.kind === TAB_KIND.mida) return <MidaTable re={re} />;
  // The entity's Details of Office: the list variant with its Verify Details of Office action.
  if (tab.kind === TAB_KIND.office && tab.list !== null && side === 're') return <OfficeVerifyList listId={tab.list} re={re} basePath={`${base}/list/${tab.list}`} title={tab.title} />;
  if (tab.list !== null) {
    return <ListPage key={`${tab.id}|${re}`} listId={tab.list} basePath={`${base}/list/${tab.list}`} shell={side} embedded fixedWhere={[['re', '=', re]]} title={tab.title} />;
  }
  return tab.kind === TAB_KIND.office ? <OfficeTable re={re} /> : null;
}

export default function ReProfilePage({ side = 're' }: { side?: 're' | 'iru' }) {
  const { user, re: currentRe } = useSession();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const named = Number(params.get('id') ?? params.get('re'));
  const re = side === 're' ? currentRe : Number.isInteger(named) && named > 0 ? named : null;
  const [state, setState] = useState<{ status: 'pending' } | { status: 'missing' } | { status: 'error'; message: string } | { status: 'ready'; tabs: ProfileTab[]; name: string }>({ status: 'pending' });

  useEffect(() => {
    if (re === null) {
      setState({ status: 'error', message: 'No reporting entity was named.' });
      return;
    }
    let live = true;
    setState({ status: 'pending' });
    (async () => {
      const values = await rpc.call('RE.getProfileTabs' as string, { re } as never);
      const rows = values[0]?.type === 'recordset' ? (values[0].rows as Row[]) : [];
      const tabs = rows.map((r) => ({ id: Number(r.id), title: String(r.title), kind: Number(r.kind), list: r.list === null ? null : Number(r.list), form: r.form === null ? null : Number(r.form) }));
      const { rows: entity } = await rpc.select({ module: side === 're' ? 'RE-RE' : 'RE', fields: ['id', 'name'], where: [['id', '=', re]], max: 1 });
      return { tabs, name: entity[0] ? String(entity[0].name) : '' };
    })().then(
      (loaded) => live && setState({ status: 'ready', ...loaded }),
      (e: unknown) => {
        if (!live) return;
        // An entity that does not exist and one the caller may not reach are answered alike.
        if (e instanceof RpcError && e.code === 'E_NOTFOUND') return setState({ status: 'missing' });
        setState({ status: 'error', message: e instanceof Error ? e.message : String(e) });
        if (!(e instanceof RpcError) || e.code !== 'E_NOPERMISSION') void presentError(e);
      },
    );
    return () => {
      live = false;
    };
  }, [re, side]);

  const back = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate(side === 're' ? '/re/dashboard' : '/iru/reportingentity');
  };

  const primary = side === 're' && user !== null && currentRe !== null && user.REPrimaryUser === currentRe;
  const step = !primary ? null : user.VerifyBizInfo === false ? STEPS.bizinfo : user.VerifyOffice === false ? STEPS.office : null;
  const tabs = state.status === 'ready' ? state.tabs : [];
  const tab = chosenTab(tabs, params.get('tab_id'));

  const choose = (t: ProfileTab) => {
    const next = new URLSearchParams(params);
    next.set('tab_id', String(t.id));
    setParams(next);
  };

  if (state.status === 'missing') {
    return <NotFoundPage title="Reporting entity not found" message="Reporting entity not found." back={side === 'iru' ? { to: '/iru/reportingentity', label: 'Back to the reporting entities' } : undefined} />;
  }

  return (
    <section className="page re-profile-page" data-profile={side} data-re={re ?? ''} data-tab={tab?.id ?? ''}>
      <div className="profile-head">
        <h1>{PROFILE_TITLE}</h1>
        <button type="button" className="btn" data-action="back" onClick={back}>
          Back
        </button>
      </div>
      {state.status === 'ready' && state.name && <p className="profile-entity">{state.name}</p>}
      {/* On the office list the list variant carries the office step's action (office-verify-list.tsx). */}
      {step && !(step === STEPS.office && tab?.kind === TAB_KIND.office && tab.list !== null) && <VerifyPanel step={step} tab={params.get('tab_id') === String(OFFICE_TAB) ? 'office' : 'profile'} />}
      {state.status === 'pending' && <Loading />}
      {state.status === 'error' && (
        <p className="form-error" role="alert" data-profile-error>
          {state.message}
        </p>
      )}
      {state.status === 'ready' && (
        <>
          <div className="profile-tabs" role="tablist" aria-label="Profile">
            {tabs.map((t) => (
              <button key={t.id} type="button" role="tab" id={`profile-tab-${t.id}`} aria-controls="profile-tab-panel" data-tab-id={t.id} aria-selected={t.id === tab?.id} onClick={() => choose(t)}>
                {t.title}
              </button>
            ))}
          </div>
          <div className="profile-tab-panel" role="tabpanel" id="profile-tab-panel" aria-labelledby={tab ? `profile-tab-${tab.id}` : undefined} data-kind={tab?.kind}>
            {tab && re !== null && <TabBody key={tab.id} tab={tab} re={re} side={side} />}
          </div>
        </>
      )}
    </section>
  );
}

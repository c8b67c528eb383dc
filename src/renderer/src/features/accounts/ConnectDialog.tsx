import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { AdminChoice, ConnectFailure, ConnectResult } from '../../../../shared/ipc/contract';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';
import { Sheet } from '../../ui/Sheet';

/** An ID as typed: 64-bit, so kept as its digits (leading zeros dropped), never as a number. */
const positiveInt = (text: string) => {
  const digits = text.trim().replace(/^0+(?=\d)/, '');
  return /^[1-9]\d{0,19}$/.test(digits) ? digits : null;
};

function failureMessage(
  result: Extract<ConnectResult, { ok: false }>,
  appId: string | undefined,
  adminId: string | undefined,
): string {
  // With no ID typed, "another application" has no number to name: ask for the ID instead.
  const failure: ConnectFailure =
    result.failure === 'wrong-app' && appId === undefined ? 'app-unknown' : result.failure;
  if (failure === 'choose-admin' && !result.admins?.length) return t('connect.noAdminsFound');
  const key = `connect.failure.${failure}` as const;
  return t(key, { appId: appId ?? '', adminId: adminId ?? '', scopes: result.missing.join(', ') });
}

/**
 * The agent's own administrator: one of the application's administrators Perch found, or an
 * ID typed when it found none (or the agent is not among them).
 */
function AdminPicker({
  admins,
  choice,
  onChoice,
  typed,
  onTyped,
  typedRef,
}: {
  admins: AdminChoice[];
  choice: string;
  onChoice: (choice: string) => void;
  typed: string;
  onTyped: (text: string) => void;
  typedRef: RefObject<HTMLInputElement | null>;
}) {
  const idField = (
    <input
      ref={typedRef}
      inputMode="numeric"
      value={typed}
      aria-label={t('connect.adminId')}
      aria-describedby="connect-admin-hint"
      onChange={(e) => {
        onTyped(e.target.value);
        onChoice('other');
      }}
    />
  );
  if (admins.length === 0) {
    return (
      <label>
        {t('connect.adminId')}
        {idField}
      </label>
    );
  }
  return (
    <fieldset className="admin-picker">
      <legend>{t('connect.whoAreYou')}</legend>
      <div role="radiogroup" aria-label={t('connect.whoAreYou')} className="admin-choices">
        {admins.map((admin) => (
          <label key={admin.id} className="check">
            <input
              type="radio"
              name="connect-admin"
              value={admin.id}
              checked={choice === String(admin.id)}
              onChange={() => onChoice(String(admin.id))}
            />
            <span>{t('connect.adminOption', { name: admin.name, id: admin.id })}</span>
          </label>
        ))}
        <label className="check">
          <input
            type="radio"
            name="connect-admin"
            value="other"
            checked={choice === 'other'}
            onChange={() => onChoice('other')}
          />
          <span>{t('connect.otherAdmin')}</span>
        </label>
      </div>
      {choice === 'other' ? idField : null}
    </fieldset>
  );
}

/**
 * The first-run choice (demo or account) and the account form. The token is typed here,
 * sent once to the main process, and never comes back: the form forgets it after sending.
 */
export function ConnectDialog() {
  const accountsState = usePerch((s) => s.accountsState);
  const open = usePerch((s) => s.sheet === 'connect');
  const closeSheet = usePerch((s) => s.closeSheet);
  const showNotice = usePerch((s) => s.showNotice);
  const useDemo = usePerch((s) => s.useDemo);
  const connectAccount = usePerch((s) => s.connectAccount);
  const firstRun = accountsState !== null && !accountsState.welcomed;
  const [step, setStep] = useState<'choose' | 'form'>(open ? 'form' : 'choose');
  const reconnect = usePerch((s) => s.connectFor);
  // The first real account beside the demo: the demo goes by default, or stays when the agent says so.
  const offerKeepDemo = usePerch(
    (s) =>
      s.connectFor === null &&
      s.accounts.some((a) => a.mode === 'sandbox') &&
      !s.accounts.some((a) => a.mode === 'account'),
  );
  const [keepDemo, setKeepDemo] = useState(false);
  const [baseUrl, setBaseUrl] = useState(reconnect?.baseUrl ?? '');
  const [appId, setAppId] = useState(reconnect ? String(reconnect.appId) : '');
  const [adminId, setAdminId] = useState(reconnect ? String(reconnect.adminId) : '');
  // The application's administrators, once a check of the token found them (null: not checked yet).
  const [admins, setAdmins] = useState<AdminChoice[] | null>(null);
  const [adminChoice, setAdminChoice] = useState('');
  // Shown after Perch did not find the typed ID among the administrators: the agent may keep it.
  const [unlistedOffered, setUnlistedOffered] = useState(false);
  const [keepUnlisted, setKeepUnlisted] = useState(false);
  const adminInput = useRef<HTMLInputElement>(null);
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  // A step ("pick yourself") reads as one; an error as an error. `unlisted`: the ID questioned.
  const [problem, setProblem] = useState<{
    message: string;
    detail: string;
    step?: boolean;
    unlisted?: string;
  } | null>(null);
  // Asked only after Perch found no secure place for the token on this computer.
  const [needsConsent, setNeedsConsent] = useState(false);
  const [allowPlain, setAllowPlain] = useState(false);
  const first = useRef<HTMLButtonElement & HTMLInputElement>(null);
  const appIdInput = useRef<HTMLInputElement>(null);

  // What the token's check found belongs to that token: another token (or address, or
  // application) is checked afresh.
  const forgetCheck = () => {
    setAdmins(null);
    setAdminChoice('');
    setUnlistedOffered(false);
    setKeepUnlisted(false);
    setProblem(null);
  };
  useEffect(() => {
    if (!open) return;
    setStep('form');
    // Each opening starts afresh; reconnecting an account, everything but the token is known already.
    forgetCheck();
    setToken('');
    setNeedsConsent(false);
    setAllowPlain(false);
    setKeepDemo(false);
    setBaseUrl(reconnect?.baseUrl ?? '');
    setAppId(reconnect ? String(reconnect.appId) : '');
    setAdminId(reconnect ? String(reconnect.adminId) : '');
  }, [open, reconnect]);
  useEffect(() => {
    first.current?.focus();
  }, [step, open, firstRun]);

  if (!firstRun && !open) return null;
  const offerKeep = unlistedOffered && adminChoice === 'other' && positiveInt(adminId) !== null;
  const dismissible = !firstRun;
  const close = () => {
    setStep('choose');
    setProblem(null);
    closeSheet('connect');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The application ID is optional: the token names its application.
    const app = appId.trim() === '' ? undefined : positiveInt(appId);
    // The administrator is asked for after the token is checked: the check finds whom to offer.
    // Before the check (or with nobody found) the ID is the one typed or kept from a reconnect.
    const chosen = admins === null || admins.length === 0 || adminChoice === 'other' ? adminId : adminChoice;
    const admin = chosen.trim() === '' ? undefined : positiveInt(chosen);
    if (!baseUrl.trim() || !token.trim()) return setProblem({ message: t('connect.fieldsNeeded'), detail: '' });
    if (app === null || admin === null) return setProblem({ message: t('connect.numberNeeded'), detail: '' });
    if (admin === undefined && admins !== null) return setProblem({ message: t('connect.adminNeeded'), detail: '' });
    setBusy(true);
    setProblem(null);
    const result = await connectAccount({
      baseUrl,
      ...(app === undefined ? {} : { appId: app }),
      ...(admin === undefined ? {} : { adminId: admin }),
      token,
      ...(keepUnlisted && unlistedOffered ? { adminUnlisted: true as const } : {}),
      ...(allowPlain ? { allowPlainToken: true } : {}),
      ...(offerKeepDemo && keepDemo ? { keepDemo: true } : {}),
    });
    setBusy(false);
    if (!result) return;
    if (!result.ok) {
      if (result.failure === 'no-secure-storage') setNeedsConsent(true);
      if (result.failure === 'app-unknown') appIdInput.current?.focus();
      if (result.admins) {
        setAdmins(result.admins);
        if (result.failure === 'unknown-admin' && admin !== undefined) {
          // The ID questioned stays in its field, where keeping it is offered.
          setUnlistedOffered(true);
          setAdminChoice('other');
          setAdminId(admin);
          return setProblem({ message: failureMessage(result, app, admin), detail: '', unlisted: admin });
        }
        if (result.admins.length === 0) setTimeout(() => adminInput.current?.focus(), 0);
        else setTimeout(() => (document.querySelector('.admin-choices input') as HTMLInputElement | null)?.focus(), 0);
      }
      // The sentence is the message; the server's own words stay in the diagnostics, not here.
      return setProblem({
        message: failureMessage(result, app, admin),
        detail: '',
        step: result.failure === 'choose-admin',
      });
    }
    setToken('');
    setStep('choose');
    if (result.missingOptional.length)
      showNotice(t('connect.connectedWithout', { scopes: result.missingOptional.join(', ') }));
  };

  return (
    <Sheet
      className="sheet connect"
      labelledBy="connect-title"
      onClose={dismissible ? close : undefined}
      onEscape={dismissible ? close : undefined}
    >
      <h2 id="connect-title">{step === 'choose' ? t('connect.title') : t('connect.account')}</h2>
      {step === 'choose' ? (
        <>
          <p className="muted">{t('connect.intro')}</p>
          <div className="choices">
            <button type="button" className="choice" ref={first} onClick={() => void useDemo()}>
              <strong>{t('connect.demo')}</strong>
              <span>{t('connect.demoHint')}</span>
            </button>
            <button type="button" className="choice" onClick={() => setStep('form')}>
              <strong>{t('connect.account')}</strong>
              <span>{t('connect.accountHint')}</span>
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="connect-form" aria-busy={busy} noValidate>
          <label>
            {t('connect.baseUrl')}
            <input
              ref={first}
              type="url"
              value={baseUrl}
              onChange={(e) => {
                setBaseUrl(e.target.value);
                if (admins !== null) forgetCheck();
              }}
              placeholder="https://api.example.com"
              autoComplete="url"
              spellCheck={false}
            />
          </label>
          <label>
            {t('connect.appId')}
            <input
              ref={appIdInput}
              inputMode="numeric"
              value={appId}
              onChange={(e) => {
                setAppId(e.target.value);
                if (admins !== null) forgetCheck();
              }}
              placeholder={t('connect.appIdPlaceholder')}
            />
          </label>
          <label>
            {t('connect.token')}
            <input
              type="password"
              value={token}
              onChange={(e) => {
                setToken(e.target.value);
                if (admins !== null) forgetCheck();
              }}
              autoComplete="off"
              spellCheck={false}
              aria-describedby="connect-token-hint"
            />
          </label>
          <small id="connect-token-hint" className="muted">
            {t('connect.tokenHint')}
          </small>
          {admins !== null ? (
            <>
              <AdminPicker
                admins={admins}
                choice={adminChoice}
                onChoice={(c) => {
                  setAdminChoice(c);
                  setKeepUnlisted(false);
                }}
                typed={adminId}
                onTyped={setAdminId}
                typedRef={adminInput}
              />
              <small id="connect-admin-hint" className="muted">
                {t('connect.adminIdHint')}
              </small>
            </>
          ) : null}
          {offerKeep ? (
            <label className="consent">
              <input type="checkbox" checked={keepUnlisted} onChange={(e) => setKeepUnlisted(e.target.checked)} />
              <span>{t('connect.keepUnlisted', { adminId: positiveInt(adminId)! })}</span>
            </label>
          ) : null}
          {needsConsent ? (
            <label className="consent">
              <input type="checkbox" checked={allowPlain} onChange={(e) => setAllowPlain(e.target.checked)} />
              <span>{t('connect.allowPlain')}</span>
            </label>
          ) : null}
          {offerKeepDemo ? (
            <label className="check">
              <input type="checkbox" checked={keepDemo} onChange={(e) => setKeepDemo(e.target.checked)} />
              <span>{t('accounts.keepDemo')}</span>
            </label>
          ) : null}
          {problem?.step ? (
            <div className="connect-step" role="status">
              {problem.message}
            </div>
          ) : problem ? (
            <div className="connect-problem" role="alert">
              <strong>
                {/* Keeping the ID is offered only while there is one to keep. */}
                {problem.unlisted !== undefined && !offerKeep
                  ? t('connect.unlistedPick', { adminId: problem.unlisted })
                  : problem.message}
              </strong>
              {problem.detail ? <span className="muted">{problem.detail}</span> : null}
            </div>
          ) : null}
          {busy ? (
            <div role="status" className="muted">
              {t('connect.checking')}
            </div>
          ) : null}
          <div className="connect-foot">
            <button type="button" className="secondary" onClick={() => (firstRun ? setStep('choose') : close())}>
              {firstRun ? t('connect.back') : t('connect.cancel')}
            </button>
            <button type="submit" className="primary" disabled={busy}>
              {t('connect.submit')}
            </button>
          </div>
        </form>
      )}
    </Sheet>
  );
}

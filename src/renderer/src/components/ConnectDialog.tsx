import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ConnectFailure, ConnectResult } from '../../../shared/ipc/contract';
import { t } from '../i18n';
import { usePerch } from '../store';

const positiveInt = (text: string) => (/^\d{1,15}$/.test(text.trim()) && Number(text) > 0 ? Number(text) : null);

function failureMessage(result: Extract<ConnectResult, { ok: false }>, appId: number | undefined): string {
  // With no ID typed, "another application" has no number to name: ask for the ID instead.
  const failure: ConnectFailure = result.failure === 'wrong-app' && appId === undefined ? 'app-unknown' : result.failure;
  const key = `connect.failure.${failure}` as const;
  return t(key, { appId: appId ?? '', scopes: result.missing.join(', ') });
}

/**
 * The first-run choice (demo or account) and the account form. The token is typed here,
 * sent once to the main process, and never comes back: the form forgets it after sending.
 */
export function ConnectDialog() {
  const session = usePerch((s) => s.session);
  const open = usePerch((s) => s.connectOpen);
  const setOpen = usePerch((s) => s.setConnectOpen);
  const useDemo = usePerch((s) => s.useDemo);
  const connectAccount = usePerch((s) => s.connectAccount);
  const firstRun = session !== null && !session.welcomed;
  const [step, setStep] = useState<'choose' | 'form'>(open ? 'form' : 'choose');
  const reconnect = session?.reconnect ?? null;
  const [baseUrl, setBaseUrl] = useState(reconnect?.baseUrl ?? '');
  const [appId, setAppId] = useState(reconnect ? String(reconnect.appId) : '');
  const [adminId, setAdminId] = useState(reconnect ? String(reconnect.adminId) : '');
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ message: string; detail: string } | null>(null);
  // Asked only after Perch found no secure place for the token on this computer.
  const [needsConsent, setNeedsConsent] = useState(false);
  const [allowPlain, setAllowPlain] = useState(false);
  const first = useRef<HTMLButtonElement & HTMLInputElement>(null);
  const appIdInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    setStep('form');
    // Reconnecting an account: everything but the token is known already.
    if (reconnect && !baseUrl) {
      setBaseUrl(reconnect.baseUrl);
      setAppId(String(reconnect.appId));
      setAdminId(String(reconnect.adminId));
    }
  }, [open]);
  useEffect(() => {
    first.current?.focus();
  }, [step, open, firstRun]);

  if (!firstRun && !open) return null;
  const dismissible = !firstRun;
  const close = () => {
    setStep('choose');
    setProblem(null);
    setOpen(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The application ID is optional: the token names its application.
    const app = appId.trim() === '' ? undefined : positiveInt(appId);
    const admin = positiveInt(adminId);
    if (app === null || admin === null) return setProblem({ message: t('connect.numberNeeded'), detail: '' });
    setBusy(true);
    setProblem(null);
    const result = await connectAccount({ baseUrl, ...(app === undefined ? {} : { appId: app }), adminId: admin, token, ...(allowPlain ? { allowPlainToken: true } : {}) });
    setBusy(false);
    if (!result) return;
    if (!result.ok) {
      if (result.failure === 'no-secure-storage') setNeedsConsent(true);
      if (result.failure === 'app-unknown') appIdInput.current?.focus();
      return setProblem({ message: failureMessage(result, app), detail: result.detail });
    }
    setToken('');
    setStep('choose');
    if (result.missingOptional.length) usePerch.setState({ notice: t('connect.connectedWithout', { scopes: result.missingOptional.join(', ') }) });
  };

  return (
    <div className="sheet-backdrop" onClick={dismissible ? close : undefined}>
      <div className="sheet connect" role="dialog" aria-modal="true" aria-labelledby="connect-title" onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => { if (e.key === 'Escape' && dismissible) close(); }}>
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
          <form onSubmit={(e) => void submit(e)} className="connect-form" aria-busy={busy}>
            <label>
              {t('connect.baseUrl')}
              <input ref={first} type="url" required value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} placeholder="https://api.example.com" autoComplete="url" spellCheck={false} />
            </label>
            <div className="pair">
              <label>
                {t('connect.appId')}
                <input ref={appIdInput} inputMode="numeric" value={appId} onChange={(e) => setAppId(e.target.value)} placeholder={t('connect.appIdPlaceholder')} />
              </label>
              <label>
                {t('connect.adminId')}
                <input inputMode="numeric" required value={adminId} onChange={(e) => setAdminId(e.target.value)} aria-describedby="connect-admin-hint" />
              </label>
            </div>
            <small id="connect-admin-hint" className="muted">{t('connect.adminIdHint')}</small>
            <label>
              {t('connect.token')}
              <input type="password" required value={token} onChange={(e) => setToken(e.target.value)} autoComplete="off" spellCheck={false} aria-describedby="connect-token-hint" />
            </label>
            <small id="connect-token-hint" className="muted">{t('connect.tokenHint')}</small>
            {needsConsent ? (
              <label className="consent">
                <input type="checkbox" checked={allowPlain} onChange={(e) => setAllowPlain(e.target.checked)} />
                <span>{t('connect.allowPlain')}</span>
              </label>
            ) : null}
            {problem ? (
              <div className="connect-problem" role="alert">
                <strong>{problem.message}</strong>
                {problem.detail ? <span className="muted">{problem.detail}</span> : null}
              </div>
            ) : null}
            {busy ? <div role="status" className="muted">{t('connect.checking')}</div> : null}
            <div className="connect-foot">
              <button type="button" className="secondary" onClick={() => (firstRun ? setStep('choose') : close())}>{firstRun ? t('connect.back') : t('connect.cancel')}</button>
              <button type="submit" className="primary" disabled={busy}>{t('connect.submit')}</button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}

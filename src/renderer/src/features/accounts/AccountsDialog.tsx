import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_COLORS, ACCOUNT_LABEL_MAX, type AccountColor } from '../../../../shared/accounts';
import type { AccountInfo } from '../../../../shared/ipc/contract';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';
import { Sheet } from '../../ui/Sheet';
import { useAgentName } from './agent-name';

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** What the agent reads about an account's state: connected where, or why it waits for a reconnect. */
function statusSentence(account: AccountInfo): string {
  if (account.mode === 'sandbox') return t('accounts.status.demo');
  const host = hostOf(account.baseUrl);
  if (account.status === 'connected') return t('accounts.status.connected', { host, appId: account.appId });
  return t(`accounts.status.${account.status}`, { host });
}

/** The label, edited in place and saved on Enter or on leaving the field. */
function LabelField({ account }: { account: AccountInfo }) {
  const update = usePerch((s) => s.updateAccount);
  const accounts = usePerch((s) => s.accounts);
  const others = accounts.filter((a) => a.id !== account.id).map((a) => a.label);
  const [label, setLabel] = useState(account.label);
  useEffect(() => setLabel(account.label), [account.label]);
  const empty = label.trim() === '';
  // Two accounts under one label could not be told apart in the inbox.
  const taken = others.some((other) => other.trim().toLocaleLowerCase() === label.trim().toLocaleLowerCase());
  const problem = empty ? t('accounts.labelEmpty') : taken ? t('accounts.labelTaken') : null;
  const save = (event?: FormEvent) => {
    event?.preventDefault();
    const next = label.trim();
    if (next && !taken && next !== account.label) void update(account.id, { label: next });
  };
  const id = `account-label-${account.id}`;
  return (
    <form className="account-label" onSubmit={save}>
      <label htmlFor={id}>{t('accounts.label')}</label>
      <input
        id={id}
        value={label}
        maxLength={ACCOUNT_LABEL_MAX}
        onChange={(e) => setLabel(e.target.value)}
        onBlur={() => save()}
        aria-label={t('accounts.labelOf', { label: account.label })}
        aria-invalid={problem !== null}
        aria-describedby={`${id}-hint`}
      />
      <span id={`${id}-hint`} className={problem ? 'error' : 'muted'}>
        {problem ?? t('accounts.labelHint', { max: ACCOUNT_LABEL_MAX })}
      </span>
    </form>
  );
}

/** The six colours, each named, as one radio group. */
function ColorField({ account }: { account: AccountInfo }) {
  const update = usePerch((s) => s.updateAccount);
  return (
    <div className="account-colors" role="radiogroup" aria-label={t('accounts.colorOf', { label: account.label })}>
      {ACCOUNT_COLORS.map((color: AccountColor) => (
        <label key={color} className={`swatch account-${color}`} title={t(`accounts.color.${color}`)}>
          <input
            type="radio"
            name={`color-${account.id}`}
            value={color}
            checked={account.color === color}
            onChange={() => void update(account.id, { color })}
            aria-label={t(`accounts.color.${color}`)}
          />
          <span className={`swatch-dot account-${color}`} aria-hidden="true" />
        </label>
      ))}
    </div>
  );
}

/** The account's live updates switch: realtime on, or polling alone (docs/realtime.md). */
function LiveUpdatesField({ account }: { account: AccountInfo }) {
  const update = usePerch((s) => s.updateAccount);
  const hint = `account-live-${account.id}-hint`;
  return (
    <div className="account-live">
      <label className="check">
        <input
          type="checkbox"
          role="switch"
          checked={account.liveUpdates}
          onChange={(e) => void update(account.id, { liveUpdates: e.target.checked })}
          aria-label={t('accounts.liveUpdatesOf', { label: account.label })}
          aria-describedby={hint}
        />
        <span aria-hidden="true">{t('accounts.liveUpdates')}</span>
      </label>
      <span id={hint} className="muted">
        {t('accounts.liveUpdatesHint')}
      </span>
    </div>
  );
}

function AccountRowItem({ account }: { account: AccountInfo }) {
  const signOut = usePerch((s) => s.signOut);
  const openConnect = usePerch((s) => s.openConnect);
  const [confirming, setConfirming] = useState(false);
  const demo = account.mode === 'sandbox';
  const me = useAgentName(account.id);
  return (
    <li className="account-row" data-account-row={account.id}>
      <div className="account-row-head">
        <span className={`account-chip account-${account.color}`}>
          <bdi>{account.label}</bdi>
        </span>
        <span className={account.status === 'connected' ? 'muted' : 'error'}>{statusSentence(account)}</span>
      </div>
      <p className="account-admin" data-account-admin>
        {me ? t('accounts.actsAs', { name: me }) : t('accounts.actsAsUnnamed', { id: account.adminId })}
      </p>
      <LabelField account={account} />
      <ColorField account={account} />
      {account.status === 'connected' ? <LiveUpdatesField account={account} /> : null}
      {confirming ? (
        <div className="account-confirm" role="alert">
          <span>{t('accounts.signOutConfirm', { label: account.label })}</span>
          <span className="buttons">
            <button type="button" className="secondary" onClick={() => setConfirming(false)}>
              {t('accounts.cancel')}
            </button>
            <button type="button" className="primary danger" onClick={() => void signOut(account.id)}>
              {t('accounts.signOutYes', { label: account.label })}
            </button>
          </span>
        </div>
      ) : (
        <div className="buttons">
          {!demo && account.status !== 'connected' ? (
            <button
              type="button"
              className="primary"
              onClick={() => {
                openConnect(account);
              }}
            >
              {t('accounts.reconnect')}
            </button>
          ) : null}
          {demo ? (
            <button type="button" className="secondary" onClick={() => void signOut(account.id)}>
              {t('accounts.removeDemo')}
            </button>
          ) : (
            <button type="button" className="secondary" onClick={() => setConfirming(true)}>
              {t('accounts.signOut')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** Every account Perch holds: label, colour, state, reconnect and sign out each; add one, or bring the demo back. */
export function AccountsDialog() {
  const open = usePerch((s) => s.sheet === 'accounts');
  const accounts = usePerch((s) => s.accounts);
  const closeSheet = usePerch((s) => s.closeSheet);
  const openConnect = usePerch((s) => s.openConnect);
  const useDemo = usePerch((s) => s.useDemo);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (open) title.current?.focus();
  }, [open]);
  if (!open) return null;
  const close = () => closeSheet('accounts');
  const demoHeld = accounts.some((a) => a.mode === 'sandbox');
  return (
    <Sheet className="sheet accounts" labelledBy="accounts-title" onClose={close}>
      <h2 id="accounts-title" ref={title} tabIndex={-1}>
        {t('accounts.title')}
      </h2>
      <ul className="account-rows">
        {accounts.map((account) => (
          <AccountRowItem key={account.id} account={account} />
        ))}
      </ul>
      <div className="connect-foot">
        <button
          type="button"
          className="secondary"
          onClick={() => {
            openConnect();
          }}
        >
          {t('accounts.add')}
        </button>
        {!demoHeld ? (
          <button type="button" className="secondary" onClick={() => void useDemo()}>
            {t('accounts.showDemo')}
          </button>
        ) : null}
        <button type="button" className="primary" onClick={close}>
          {t('help.done')}
        </button>
      </div>
    </Sheet>
  );
}

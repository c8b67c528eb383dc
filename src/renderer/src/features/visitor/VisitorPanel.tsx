import { useEffect, useState, type ReactNode } from 'react';
import { LoadError } from '../../ui/LoadError';
import type { Id } from '../../../../shared/api/types';
import type { AccountId } from '../../../../shared/accounts';
import type { PropEdit, PropsOutcome, VisitorProfile } from '../../../../shared/directory';
import { cleanUserText } from '../../../../shared/text';
import { formatTime } from '../../ui/text/format';
import { t, tn } from '../../ui/i18n';
import { usePerch } from '../../store';
import { useInvoke } from '../../store/use-invoke';
import { describeError } from '../../ui/text/errors';
import { KNOWN_PROPS, propLabel, VisitorPropsEditor } from './VisitorPropsEditor';
import { DATE_PROPS, propSeconds } from '../../../../shared/date-props';

const SHOWN_PROPS = KNOWN_PROPS;
/** The documented statuses (/objects/emailstatus) and the older ones, each with a sentence. */
const EMAIL_STATUSES = [
  'subscribed',
  'awaiting confirmation',
  'unsubscribed',
  'bounced',
  'validation',
  'not_valid',
  'not_confirmed',
  'confirmed',
  'spam',
  'black_list',
];
/** Statuses from which the visitor can still be unsubscribed. */
const UNSUBSCRIBABLE = new Set(['subscribed', 'awaiting confirmation', 'validation', 'not_confirmed', 'confirmed']);

function value(v: unknown): string {
  if (Array.isArray(v)) return cleanUserText(v.join(', '));
  if (v === null || v === undefined) return '—';
  return cleanUserText(String(v));
}

/** Who the agent is talking to: contact details, where they are now, what they did, what they agreed to. */
export function VisitorPanel({
  accountId,
  visitorId,
  children,
}: {
  accountId: AccountId;
  visitorId: Id | null;
  /** Shown after the visitor's details (beside a conversation: their other conversations). */
  children?: ReactNode;
}) {
  const editVisitorProps = usePerch((s) => s.editVisitorProps);
  const unsubscribeVisitor = usePerch((s) => s.unsubscribeVisitor);
  const {
    value: profile,
    error,
    setValue: setProfile,
    setError,
    retry,
  } = useInvoke('visitor:get', visitorId === null ? null : [accountId, visitorId]);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Omit<PropsOutcome, 'profile'> | null>(null);

  useEffect(() => {
    setEditing(false);
    setOutcome(null);
  }, [accountId, visitorId]);

  // What the panel shows, the search finds: the visitor's phone, city or their own properties.
  const rememberVisitor = usePerch((s) => s.rememberVisitor);
  useEffect(() => {
    if (profile) rememberVisitor(accountId, profile);
  }, [accountId, profile, rememberVisitor]);

  if (visitorId === null) return null;

  const save = async (edits: PropEdit[]) => {
    setBusy(true);
    const result = await editVisitorProps(accountId, visitorId, edits);
    setBusy(false);
    if (!result) return;
    if (!result.ok) return setError(describeError(result.error));
    const { profile: fresh, ...rest } = result.value;
    setProfile(fresh);
    setOutcome(rest);
    setEditing(false);
  };
  const unsubscribe = async () => {
    const result = await unsubscribeVisitor(accountId, visitorId);
    if (result?.ok) setProfile(result.value);
    else if (result) setError(describeError(result.error));
  };

  return (
    <aside className="visitor-panel" aria-label={t('visitor.title')}>
      <div className="panel-head">
        <h2>{t('visitor.title')}</h2>
        {profile && !editing ? (
          <button
            type="button"
            className="link"
            aria-label={t('visitor.editLabel')}
            onClick={() => {
              setOutcome(null);
              setEditing(true);
            }}
          >
            {t('visitor.edit')}
          </button>
        ) : null}
      </div>
      {error ? <LoadError message={error} onRetry={profile ? undefined : retry} /> : null}
      {!profile && !error ? <p className="placeholder">{t('conversation.loading')}</p> : null}
      {profile ? (
        <>
          <p className={`presence presence-${profile.presence}`}>
            <span className="dot" aria-hidden="true" />
            {t(
              `visitor.presence.${profile.presence === 'online' || profile.presence === 'idle' ? profile.presence : 'offline'}`,
            )}
            {profile.page ? (
              <span className="page">
                {' '}
                · <bdi>{cleanUserText(profile.page)}</bdi>
              </span>
            ) : null}
          </p>
          {outcome ? <EditOutcome outcome={outcome} /> : null}
          {editing ? (
            <VisitorPropsEditor
              profile={profile}
              busy={busy}
              onSave={(edits) => void save(edits)}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <dl className="props">
              {SHOWN_PROPS.filter((k) => profile.props[k] !== undefined && profile.props[k] !== null).map((k) => (
                <div key={k}>
                  <dt title={propLabel(k)}>{propLabel(k)}</dt>
                  <dd>
                    <PropValue name={k} raw={profile.props[k]} />
                  </dd>
                </div>
              ))}
              {Object.entries(profile.propsCustom).map(([k, v]) => (
                <div key={k} className="custom" title={t('visitor.customProp')}>
                  <dt title={cleanUserText(k)}>
                    <bdi>{cleanUserText(k)}</bdi>
                  </dt>
                  <dd>
                    <bdi>{value(v)}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
          )}
          {profile.emailStatus ? (
            <div className="email-status">
              <span className="muted">{t('visitor.emailStatus')}</span>
              <span data-email-status={profile.emailStatus}>
                {EMAIL_STATUSES.includes(profile.emailStatus)
                  ? t(`visitor.email.${profile.emailStatus}` as 'visitor.email.subscribed')
                  : t('visitor.email.unknown')}
              </span>
              {UNSUBSCRIBABLE.has(profile.emailStatus) ? (
                <button type="button" className="link" onClick={() => void unsubscribe()}>
                  {t('visitor.unsubscribe')}
                </button>
              ) : null}
            </div>
          ) : null}
          {profile.segments.length || profile.tags.length ? (
            <div className="chips">
              {[...profile.segments, ...profile.tags].map((name) => (
                <span key={name} className="tag">
                  {name}
                </span>
              ))}
            </div>
          ) : null}
          <History profile={profile} />
        </>
      ) : null}
      {children}
    </aside>
  );
}

function EditOutcome({ outcome }: { outcome: Omit<PropsOutcome, 'profile'> }) {
  return (
    <div
      className={outcome.ignored.length ? 'edit-outcome warn' : 'edit-outcome'}
      role={outcome.ignored.length ? 'alert' : 'status'}
    >
      <span>{tn('visitor.savedCount', outcome.affected.length)}</span>
      {outcome.ignored.length ? (
        <>
          <span>{tn('visitor.ignoredCount', outcome.ignored.length)}</span>
          <ul>
            {outcome.ignored.map((i, n) => (
              <li key={n}>
                <bdi>{propLabel(i.key)}</bdi>:{' '}
                {i.reason.startsWith(`${i.key} `) ? i.reason.slice(i.key.length + 1) : i.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** Notes, consents and recent activity: what happened before this conversation. */
function History({ profile }: { profile: VisitorProfile }) {
  const answer = (v: boolean | null) => (v === null ? t('visitor.unknown') : v ? t('visitor.yes') : t('visitor.no'));
  return (
    <>
      {profile.notes.length ? (
        <section aria-label={t('visitor.notes')}>
          <h3>{t('visitor.notes')}</h3>
          <ul className="visitor-notes">
            {profile.notes.map((n, i) => (
              <li key={i}>
                <span dir="auto">{n.body}</span>
                {n.created ? <span className="muted"> · {formatTime(n.created)}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {profile.consents.length ? (
        <section aria-label={t('visitor.consents')}>
          <h3>{t('visitor.consents')}</h3>
          <ul className="consents">
            {profile.consents.map((c, i) => (
              <li key={i}>
                <span>{t('visitor.consentData', { answer: answer(c.dataProcessing) })}</span>
                <span className="muted">
                  {[
                    c.email,
                    c.phone,
                    c.ipAddress ? t('visitor.consentFrom', { ip: c.ipAddress }) : null,
                    c.created ? formatTime(c.created) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {profile.events.length ? (
        <section aria-label={t('visitor.events')}>
          <h3>{t('visitor.events')}</h3>
          <ul className="events">
            {[...profile.events]
              .sort((a, b) => b.last - a.last)
              .slice(0, 6)
              .map((e) => (
                <li key={e.name}>
                  <span>
                    <bdi>{cleanUserText(e.name)}</bdi>
                  </span>
                  <span className="muted">
                    ×{e.count} · {formatTime(e.last)}
                  </span>
                </li>
              ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** A property as the agent reads it: dates in their own words, anything else as text. */
function PropValue({ name, raw }: { name: string; raw: unknown }) {
  const seconds = DATE_PROPS.has(name) ? propSeconds(raw) : null;
  return seconds !== null ? <>{formatTime(seconds)}</> : <bdi>{value(raw)}</bdi>;
}

import { useEffect, useState } from 'react';
import type { Id } from '../../../shared/api/types';
import type { VisitorProfile } from '../../../shared/directory';
import { formatTime } from '../format';
import { t } from '../i18n';
import { usePerch } from '../store';

const SHOWN_PROPS = ['$email', '$phone', '$city', '$country', '$sessions', '$last_seen'];

function value(v: unknown): string {
  if (Array.isArray(v)) return v.join(', ');
  if (v === null || v === undefined) return '—';
  return String(v);
}

/** Who the agent is talking to: contact details, where they are now, what they did. */
export function VisitorPanel({ visitorId }: { visitorId: Id | null }) {
  const bridge = usePerch((s) => s.bridge);
  const [profile, setProfile] = useState<VisitorProfile | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setProfile(null);
    setError(null);
    if (!bridge || visitorId === null) return;
    let current = true;
    void bridge.invoke('visitor:get', visitorId).then((result) => {
      if (!current) return;
      if (result.ok) setProfile(result.value);
      else setError(result.error.message);
    });
    return () => {
      current = false;
    };
  }, [bridge, visitorId]);

  if (visitorId === null) return null;
  return (
    <aside className="visitor-panel" aria-label={t('visitor.title')}>
      <h2>{t('visitor.title')}</h2>
      {error ? <p className="error" role="alert">{error}</p> : null}
      {!profile && !error ? <p className="placeholder">{t('conversation.loading')}</p> : null}
      {profile ? (
        <>
          <p className={`presence presence-${profile.presence}`}>
            <span className="dot" aria-hidden="true" />
            {t(`visitor.presence.${profile.presence === 'online' || profile.presence === 'idle' ? profile.presence : 'offline'}`)}
            {profile.page ? <span className="page"> · {profile.page}</span> : null}
          </p>
          <dl className="props">
            {SHOWN_PROPS.filter((k) => profile.props[k] !== undefined).map((k) => (
              <div key={k}>
                <dt>{t(`visitor.prop.${k.slice(1)}` as 'visitor.prop.email')}</dt>
                <dd>{k === '$last_seen' && typeof profile.props[k] === 'number' ? formatTime(profile.props[k] as number) : value(profile.props[k])}</dd>
              </div>
            ))}
            {Object.entries(profile.propsCustom).map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{value(v)}</dd>
              </div>
            ))}
            {profile.emailStatus ? (
              <div>
                <dt>{t('visitor.emailStatus')}</dt>
                <dd>{profile.emailStatus}</dd>
              </div>
            ) : null}
          </dl>
          {profile.segments.length || profile.tags.length ? (
            <div className="chips">
              {[...profile.segments, ...profile.tags].map((name) => (
                <span key={name} className="tag">{name}</span>
              ))}
            </div>
          ) : null}
          {profile.events.length ? (
            <>
              <h3>{t('visitor.events')}</h3>
              <ul className="events">
                {[...profile.events].sort((a, b) => b.last - a.last).slice(0, 6).map((e) => (
                  <li key={e.name}>
                    <span>{e.name}</span>
                    <span className="muted">×{e.count} · {formatTime(e.last)}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
    </aside>
  );
}

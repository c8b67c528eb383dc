import { useEffect, useRef, useState, type FormEvent } from 'react';
import { t } from '../../ui/i18n';
import { useUpdates } from '../updates/index';
import { Sheet } from '../../ui/Sheet';

/** A proxy asks for a password: the agent signs in or cancels (the request then fails with a sentence). */
export function ProxySignInDialog() {
  const prompt = useUpdates((s) => s.proxyPrompts[0]);
  const answer = useUpdates((s) => s.answerProxy);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setPassword('');
    first.current?.focus();
  }, [prompt?.id]);
  if (!prompt) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) return;
    void answer(prompt.id, { username: username.trim(), password });
    setPassword('');
  };
  return (
    <Sheet
      className="sheet proxy-sign-in"
      labelledBy="proxy-sign-in-title"
      describedBy="proxy-sign-in-text"
      onClose={() => void answer(prompt.id, null)}
    >
      <h2 id="proxy-sign-in-title">{t('network.proxySignIn')}</h2>
      <p id="proxy-sign-in-text">
        {t('network.proxySignInText', {
          proxy: `${prompt.host}:${prompt.port}${prompt.realm ? ` (${prompt.realm})` : ''}`,
        })}
      </p>
      <form className="connect-form" onSubmit={submit}>
        <label>
          {t('network.proxyUser')}
          <input
            ref={first}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="username"
            spellCheck={false}
          />
        </label>
        <label>
          {t('network.proxyPassword')}
          <input
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
          />
        </label>
        <div className="connect-foot">
          <button type="button" className="secondary" onClick={() => void answer(prompt.id, null)}>
            {t('network.proxyCancel')}
          </button>
          <button type="submit" className="primary" disabled={!username.trim()}>
            {t('network.proxySubmit')}
          </button>
        </div>
      </form>
    </Sheet>
  );
}

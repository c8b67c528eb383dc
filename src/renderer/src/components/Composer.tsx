import { useState, type KeyboardEvent } from 'react';
import { t } from '../i18n';
import { loadSavedReplies, saveReply } from '../saved-replies';
import { usePerch } from '../store';
import { QuickRepliesEditor, toActions, type ButtonDraft } from './QuickReplies';

export function Composer() {
  const [text, setText] = useState('');
  const [kind, setKind] = useState<'reply' | 'note'>('reply');
  const [queueing, setQueueing] = useState(false);
  const [buttons, setButtons] = useState<ButtonDraft[] | null>(null);
  const [saved, setSaved] = useState<string[]>(() => loadSavedReplies());
  const sendError = usePerch((s) => s.sendError);
  const send = usePerch((s) => s.send);
  const setTyping = usePerch((s) => s.setTyping);
  const quick = kind === 'reply' && buttons ? toActions(buttons) : { actions: [], error: null };

  const submit = async () => {
    if (!text.trim() || queueing || quick.error) return;
    setQueueing(true);
    if (await send(text, kind, quick.actions)) {
      setText('');
      setButtons(null);
    }
    setQueueing(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
    // Alt+1…9 inserts the saved reply of that number.
    const n = Number(event.key);
    if (event.altKey && n >= 1 && n <= 9 && saved[n - 1]) {
      event.preventDefault();
      setText((current) => (current ? `${current} ${saved[n - 1]}` : saved[n - 1]!));
    }
  };

  return (
    <form className={`composer composer-${kind}`} onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <div className="composer-tabs" role="tablist">
        <button type="button" role="tab" data-composer-tab="reply" aria-selected={kind === 'reply'} onClick={() => setKind('reply')}>{t('composer.reply')}</button>
        <button type="button" role="tab" data-composer-tab="note" aria-selected={kind === 'note'} onClick={() => setKind('note')}>{t('composer.noteTab')}</button>
        <span className="spacer" />
        {saved.length ? (
          <select aria-label={t('saved.insert')} value="" onChange={(e) => e.target.value && setText((c) => (c ? `${c} ${e.target.value}` : e.target.value))}>
            <option value="">{t('saved.insert')}</option>
            {saved.map((r, i) => (
              <option key={r} value={r}>{i < 9 ? `Alt+${i + 1} · ` : ''}{r.slice(0, 60)}</option>
            ))}
          </select>
        ) : null}
        <button type="button" className="link" onClick={() => setSaved(saveReply(text))} disabled={!text.trim()}>{t('saved.save')}</button>
        {kind === 'reply' ? (
          <button type="button" className="link" aria-pressed={buttons !== null} onClick={() => setButtons(buttons ? null : [{ body: '', meta: '' }])}>{t('conversation.quickReplies')}</button>
        ) : null}
      </div>
      <textarea
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          // Only replies are shown to the visitor as typing; notes stay internal.
          if (kind === 'reply' && e.target.value.trim()) setTyping(e.target.value);
        }}
        onKeyDown={onKeyDown}
        placeholder={kind === 'reply' ? t('composer.placeholderReply') : t('composer.placeholderNote')}
        aria-label={kind === 'reply' ? t('composer.reply') : t('composer.noteTab')}
        rows={3}
      />
      {kind === 'reply' && buttons ? <QuickRepliesEditor drafts={buttons} onChange={setButtons} /> : null}
      <div className="composer-foot">
        {sendError ? <span className="error" role="alert">{t('composer.failed', { message: sendError })}</span> : <span />}
        <button type="submit" className="primary" disabled={queueing || !text.trim() || quick.error !== null}>
          {kind === 'reply' ? t('composer.send') : t('composer.saveNote')}
        </button>
      </div>
    </form>
  );
}

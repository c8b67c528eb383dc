import { useState, type KeyboardEvent } from 'react';
import { t } from '../i18n';
import { usePerch } from '../store';

export function Composer() {
  const [text, setText] = useState('');
  const [kind, setKind] = useState<'reply' | 'note'>('reply');
  const [queueing, setQueueing] = useState(false);
  const sendError = usePerch((s) => s.sendError);
  const send = usePerch((s) => s.send);
  const setTyping = usePerch((s) => s.setTyping);

  const submit = async () => {
    if (!text.trim() || queueing) return;
    setQueueing(true);
    if (await send(text, kind)) setText('');
    setQueueing(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className={`composer composer-${kind}`} onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <div className="composer-tabs" role="tablist">
        <button type="button" role="tab" data-composer-tab="reply" aria-selected={kind === 'reply'} onClick={() => setKind('reply')}>{t('composer.reply')}</button>
        <button type="button" role="tab" data-composer-tab="note" aria-selected={kind === 'note'} onClick={() => setKind('note')}>{t('composer.noteTab')}</button>
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
      <div className="composer-foot">
        {sendError ? <span className="error" role="alert">{t('composer.failed', { message: sendError })}</span> : <span />}
        <button type="submit" className="primary" disabled={queueing || !text.trim()}>
          {kind === 'reply' ? t('composer.send') : t('composer.saveNote')}
        </button>
      </div>
    </form>
  );
}

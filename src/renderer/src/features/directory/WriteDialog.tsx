import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import type { Id } from '../../../../shared/api/types';
import { cleanUserText, clipText } from '../../../../shared/text';
import { useDirectory } from './slice';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';
import { useInvoke } from '../../store/use-invoke';
import { Sheet } from '../../ui/Sheet';

/** "Write" on a row of Leads or Live visitors: opens the dialog for that visitor. */
export function WriteButton({ userId, name }: { userId: Id; name: string }) {
  const setWriting = useDirectory((s) => s.setWriting);
  return (
    <button type="button" data-write-for={userId} onClick={() => setWriting({ userId, name })}>
      {t('directory.write')}
    </button>
  );
}

/**
 * The first message to a visitor (sendmessage starts a new conversation). It says first when
 * the visitor already has an open conversation, with the way to open that one instead, and
 * the channel the message goes by: the platform's sendmessage sends a chat message on the site
 * (popup_chat), never an e-mail. A box of several lines as in the composer: Enter makes a new
 * line, Ctrl/⌘+Enter sends, Esc cancels.
 */
export function WriteDialog() {
  const writing = useDirectory((s) => s.writing);
  if (!writing) return null;
  return createPortal(<WriteForm key={writing.userId} userId={writing.userId} name={writing.name} />, document.body);
}

function WriteForm({ userId, name }: { userId: Id; name: string }) {
  const accountId = useDirectory((s) => s.accountId);
  const message = useDirectory((s) => s.message);
  const setWriting = useDirectory((s) => s.setWriting);
  const setScreen = usePerch((s) => s.setScreen);
  const openConversation = usePerch((s) => s.open);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const ids = useId();
  const theirs = useInvoke('visitor:conversations', accountId === null ? null : [accountId, userId]);
  const open = theirs.value?.find((row) => !row.closed) ?? null;
  const close = (focusBack = true) => {
    setWriting(null);
    // Once the workspace behind is no longer inert (the next frame), Write has the focus again.
    if (focusBack)
      requestAnimationFrame(() =>
        (document.querySelector(`[data-write-for="${userId}"]`) as HTMLElement | null)?.focus(),
      );
  };
  const send = async () => {
    if (!text.trim() || sending) return;
    setSending(true);
    const problem = await message(userId, text.trim());
    setSending(false);
    setError(problem);
    if (problem === null) close(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };
  const openExisting = () => {
    if (!open || accountId === null) return;
    close(false);
    setScreen('inbox');
    void openConversation(accountId, open.id);
  };
  const preview = open ? clipText(cleanUserText(open.preview), 120) : '';
  return (
    <Sheet
      className="sheet write-dialog"
      labelledBy={`${ids}-title`}
      describedBy={`${ids}-channel`}
      onClose={() => close()}
      onEscape={() => close()}
    >
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void send();
        }}
        noValidate
      >
        <h2 id={`${ids}-title`}>{t('write.title', { name })}</h2>
        {theirs.value === null && theirs.error === null ? (
          <p className="muted write-note">{t('write.checking')}</p>
        ) : null}
        {open ? (
          <div className="write-existing" role="note" data-open-conversation={open.id}>
            <p>
              {preview
                ? t('write.openConversation', { name, preview })
                : t('write.openConversationNoPreview', { name })}
            </p>
            <button type="button" className="secondary" onClick={openExisting}>
              {t('write.openIt')}
            </button>
          </div>
        ) : null}
        <p id={`${ids}-channel`} className="write-note" data-write-channel="chat">
          {t('write.channelChat')}
        </p>
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('directory.firstMessage')}
          aria-label={t('directory.firstMessage')}
          aria-describedby={`${ids}-hint`}
          rows={4}
          autoFocus
          maxLength={20000}
        />
        <p id={`${ids}-hint`} className="muted write-hint">
          {t('write.sendHint')}
        </p>
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="write-buttons">
          <button type="button" className="secondary" onClick={() => close()}>
            {t('write.cancel')}
          </button>
          <button type="submit" className="primary" disabled={sending || !text.trim()}>
            {t('composer.send')}
          </button>
        </div>
      </form>
    </Sheet>
  );
}

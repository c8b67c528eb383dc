import {
  useEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import type { Id } from '../../../../shared/api/types';
import { conversationKey, type AccountId, type ConversationKey } from '../../../../shared/accounts';
import { LIMITS } from '../../../../shared/api/types';
import { ATTACHMENT_MAX_BYTES } from '../../../../shared/attachments';
import { cleanUserText } from '../../../../shared/text';
import { pick, readAttachment, type PickedFile } from './attachments';
import { formatClock, formatSize } from '../../ui/text/format';
import { getLocale, t, tn } from '../../ui/i18n';
import { formatCount } from '../../../../shared/i18n';
import { repliesFor, type SavedReply } from '../../../../shared/saved-replies';
import { unfilledVariables } from '../../../../shared/reply-template';
import { useSavedReplies } from './slice-saved-replies';
import { buttonDrafts, useSavedReplyFill } from './use-saved-reply-fill';
import { useSavedReplyPicker } from './SavedReplyPicker';
import { useMentionPicker } from './MentionPicker';
import { usePerch } from '../../store';
import type { ComposerMode } from '../conversation/selectors';
import { useDraft } from './use-draft';
import { PaperclipIcon } from '../../ui/PaperclipIcon';
import { QuickRepliesEditor, toActions, type ButtonDraft } from './QuickReplies';
import { useToolkit } from '../toolkit/index';
import { composerKey, type ComposerKeyActions } from '../palette/actions';

/** The counter shows from this share of the limit on. */
const COUNT_FROM = 0.9;

/** How long the text is against the API's limit: a counter near it, a sentence over it. */
function LengthLimit({ length }: { length: number }) {
  const max = LIMITS.replyBodyMax;
  if (length < max * COUNT_FROM) return null;
  const format = (n: number) => formatCount(getLocale(), n);
  const over = length - max;
  return (
    <span
      className={over > 0 ? 'composer-count over' : 'composer-count'}
      data-composer-count
      role={over > 0 ? 'alert' : undefined}
    >
      {t('composer.count', { count: format(length), max: format(max) })}
      {over > 0 ? <span className="error"> · {tn('composer.overLimit', over)}</span> : null}
    </span>
  );
}

/** The mark on a composer tab that holds a draft (its name says so to a screen reader). */
function DraftDot() {
  return <span className="tab-draft-dot" aria-hidden="true" title={t('inbox.draft')} data-tab-draft />;
}

/** Gives the focus to the conversation's messages: single keys act on the conversation again. */
function letGoOfKeyboard(box: HTMLTextAreaElement | null) {
  const messages = box?.closest('main.conversation')?.querySelector<HTMLElement>('.timeline');
  if (messages) messages.focus({ preventScroll: true });
  else box?.blur();
}

/** What Undo send took back of this conversation goes into its box again, before what is there, with the focus. */
function useTakenBack(
  accountId: AccountId,
  conversationId: Id,
  loaded: boolean,
  update: (kind: ComposerMode, text: (previous: string) => string) => void,
  textArea: RefObject<HTMLTextAreaElement | null>,
) {
  const takenBack = usePerch((s) => s.takenBack);
  const clearTakenBack = usePerch((s) => s.clearTakenBack);
  const setKind = usePerch((s) => s.setComposerMode);
  useEffect(() => {
    if (!loaded || !takenBack || takenBack.key !== conversationKey(accountId, conversationId)) return;
    clearTakenBack();
    update(takenBack.kind, (previous) => (previous.trim() ? `${takenBack.body}\n${previous}` : takenBack.body));
    setKind(takenBack.kind);
    textArea.current?.focus();
  }, [loaded, takenBack, accountId, conversationId, update, clearTakenBack, setKind, textArea]);
}

/** Tells the store what is unsent here, so that closing the conversation asks first. */
function useReportUnsent(key: ConversationKey, reply: boolean, note: boolean) {
  const reportUnsent = usePerch((s) => s.reportUnsent);
  useEffect(() => {
    reportUnsent(key, { reply, note });
    return () => reportUnsent(key, null);
  }, [key, reply, note, reportUnsent]);
}

export function Composer({ accountId, conversationId }: { accountId: AccountId; conversationId: Id }) {
  const kind = usePerch((s) => s.composerMode);
  const setKind = usePerch((s) => s.setComposerMode);
  // The reply and the note are separate drafts: a note never becomes a reply by switching tabs.
  const { draft, update, loaded } = useDraft(accountId, conversationId);
  const text = draft[kind];
  const setText = (next: string | ((previous: string) => string)) => update(kind, next);
  const [queueing, setQueueing] = useState(false);
  const [buttons, setButtons] = useState<ButtonDraft[] | null>(null);
  const saved = repliesFor(
    useSavedReplies((s) => s.replies),
    accountId,
  );
  const fill = useSavedReplyFill(accountId, conversationKey(accountId, conversationId));
  const textArea = useRef<HTMLTextAreaElement>(null);
  useTakenBack(accountId, conversationId, loaded, update, textArea);
  /** Puts a saved reply in, filled: in place of the `/` words, or after what is written. */
  const insert = async (reply: SavedReply, replacing: boolean) => {
    const { text: filled } = await fill(reply);
    setText((current) => (replacing || !current.trim() ? filled : `${current} ${filled}`));
    if (kind === 'reply' && reply.buttons.length) setButtons(buttonDrafts(reply.buttons));
    textArea.current?.focus();
  };
  const picker = useSavedReplyPicker(accountId, text, (reply) => void insert(reply, true));
  // `@` in a note names a colleague; the caret says which `@` is being typed.
  const [caret, setCaret] = useState(0);
  const mention = useMentionPicker(accountId, kind === 'note', text, caret, (next) => {
    setText(next.text);
    setCaret(next.caret);
    requestAnimationFrame(() => textArea.current?.setSelectionRange(next.caret, next.caret));
  });
  // What is still `{{…}}` never goes to the visitor: sending waits until the agent fills it.
  const unfilled = unfilledVariables(text);
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const sendError = usePerch((s) => s.sendError);
  const send = useToolkit((s) => s.sendChecked);
  const showSendError = usePerch((s) => s.showSendError);
  const markWriting = useToolkit((s) => s.writing);
  const draftEdited = useToolkit((s) => s.draftEdited);
  const olderThan = useToolkit((s) => s.olderThan.get(conversationKey(accountId, conversationId)));
  const setTyping = usePerch((s) => s.setTyping);
  const openSheet = usePerch((s) => s.openSheet);
  const isReviewing = useToolkit((s) => s.isReviewing);
  const quick = kind === 'reply' && buttons ? toActions(buttons) : { actions: [], error: null };
  // What was on screen when the agent began the reply: the look before sending compares with it.
  const hasReply = draft.reply.trim() !== '';
  const partsShown = usePerch((s) => (s.conversation?.parts.length ?? 0) > 0);
  useEffect(() => {
    markWriting(conversationKey(accountId, conversationId), hasReply);
  }, [markWriting, accountId, conversationId, hasReply, partsShown]);
  useReportUnsent(
    conversationKey(accountId, conversationId),
    draft.reply.trim() !== '' || picked !== null,
    draft.note.trim() !== '',
  );

  const file = picked && !picked.problem ? picked.file : null;
  const tooLong = text.length > LIMITS.replyBodyMax;
  const ready =
    (text.trim() !== '' || file !== null) &&
    !picked?.problem &&
    quick.error === null &&
    !tooLong &&
    unfilled.length === 0;
  const submit = async () => {
    if (!ready || queueing) return;
    setQueueing(true);
    // The box lets go of the keyboard at once, so N, E and J pressed right after Ctrl+Enter are
    // commands, never letters of another reply (a note typed after N must not land in the reply box).
    const hadFocus = textArea.current === document.activeElement;
    if (hadFocus) letGoOfKeyboard(textArea.current);
    const parkedOn = document.activeElement;
    let sent = false;
    try {
      const attachment = file ? await readAttachment(file) : undefined;
      const sentKind = kind;
      sent = await send(text, kind, quick.actions, attachment);
      if (sent) {
        update(sentKind, '');
        setButtons(null);
        setPicked(null);
      }
    } catch (error) {
      showSendError((error as Error).message);
    }
    // Not sent: the text is still there, and the focus comes back to it (unless the agent moved it
    // since); after Review, to read it again against what came in.
    const reviewing = isReviewing(conversationKey(accountId, conversationId));
    if (!sent && ((hadFocus && document.activeElement === parkedOn) || reviewing)) textArea.current?.focus();
    setQueueing(false);
  };
  const take = (files: FileList | null | undefined) => {
    const first = files?.[0];
    if (first) setPicked(pick(first));
  };
  const onDrop = (event: DragEvent) => {
    if (!event.dataTransfer.files.length) return;
    event.preventDefault();
    take(event.dataTransfer.files);
  };
  const onPaste = (event: ClipboardEvent) => {
    if (event.clipboardData.files.length) {
      event.preventDefault();
      take(event.clipboardData.files);
    }
  };
  const keyActions: ComposerKeyActions = {
    send: () => void submit(),
    insertSavedReply: (n) => {
      const reply = n >= 1 ? saved[n - 1] : undefined;
      if (reply) void insert(reply, false);
      return reply !== undefined;
    },
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mention.onKeyDown(event) || picker.onKeyDown(event)) return;
    // The command table's composer keys: Mod+Enter sends, Alt+1…9 inserts that saved reply.
    if (composerKey(event, keyActions)) event.preventDefault();
  };

  return (
    <form
      noValidate
      className={`composer composer-${kind}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onDragOver={(e) => e.preventDefault()}
      onDrop={onDrop}
    >
      <div className="composer-tabs">
        {/* The tab list holds only the two tabs; the tools beside it are plain buttons. */}
        <div className="tab-group" role="tablist" aria-label={t('composer.kind')}>
          <button
            type="button"
            role="tab"
            data-composer-tab="reply"
            aria-selected={kind === 'reply'}
            onClick={() => setKind('reply')}
            aria-label={draft.reply ? t('composer.tabWithDraft', { tab: t('composer.reply') }) : undefined}
          >
            {t('composer.reply')}
            {draft.reply ? <DraftDot /> : null}
          </button>
          <button
            type="button"
            role="tab"
            data-composer-tab="note"
            aria-selected={kind === 'note'}
            onClick={() => setKind('note')}
            aria-label={draft.note ? t('composer.tabWithDraft', { tab: t('composer.noteTab') }) : undefined}
          >
            {t('composer.noteTab')}
            {draft.note ? <DraftDot /> : null}
          </button>
        </div>
        <span className="spacer" />
        <button type="button" className="link" data-saved-replies-open onClick={() => openSheet('saved-replies')}>
          {t('replies.manage')}
        </button>
        {kind === 'reply' ? (
          <button
            type="button"
            className="link"
            aria-pressed={buttons !== null}
            onClick={() => setButtons(buttons ? null : [{ body: '', data: [] }])}
          >
            {t('conversation.quickReplies')}
          </button>
        ) : null}
      </div>
      {kind === 'note' ? (
        <p className="note-banner" role="note">
          {t('composer.noteBanner')} {t('mention.hint')}
        </p>
      ) : null}
      {mention.open ? mention.list : picker.list}
      {olderThan !== undefined && kind === 'reply' ? (
        <p className="draft-older" role="note" data-draft-older>
          {t('guard.draftOlder', { time: formatClock(olderThan) })}
        </p>
      ) : null}
      <textarea
        ref={textArea}
        value={text}
        {...(mention.open ? mention.inputProps : picker.inputProps)}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onChange={(e) => {
          setText(e.target.value);
          setCaret(e.target.selectionStart);
          draftEdited(conversationKey(accountId, conversationId));
          // Only replies are shown to the visitor as typing; notes stay internal.
          if (kind === 'reply' && e.target.value.trim()) setTyping(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        placeholder={kind === 'reply' ? t('composer.placeholderReply') : t('composer.placeholderNote')}
        aria-label={kind === 'reply' ? t('composer.reply') : t('composer.noteTab')}
        rows={3}
      />
      {kind === 'reply' && buttons ? <QuickRepliesEditor drafts={buttons} onChange={setButtons} /> : null}
      {picked ? (
        <div className={picked.problem ? 'picked-file invalid' : 'picked-file'}>
          <span>
            <PaperclipIcon /> <bdi>{cleanUserText(picked.file.name)}</bdi> · {formatSize(picked.file.size)}
          </span>
          {picked.problem ? (
            <span className="error" role="alert">
              {t(`attach.problem.${picked.problem}`, { max: formatSize(ATTACHMENT_MAX_BYTES) })}
            </span>
          ) : null}
          <button
            type="button"
            className="icon"
            aria-label={t('attach.remove', { name: picked.file.name })}
            onClick={() => setPicked(null)}
          >
            ×
          </button>
        </div>
      ) : null}
      <LengthLimit length={text.length} />
      {unfilled.length ? (
        <p className="error composer-unfilled" role="alert" data-unfilled>
          {t('replies.unfilled', { variables: unfilled.join(', ') })}
        </p>
      ) : null}
      <div className="composer-foot">
        <span className="composer-left">
          <input
            ref={fileInput}
            type="file"
            hidden
            onChange={(e) => {
              take(e.target.files);
              e.target.value = '';
            }}
            data-attach-input
          />
          <button type="button" className="link" onClick={() => fileInput.current?.click()}>
            {t('attach.button')}
          </button>
          {sendError ? (
            <span className="error" role="alert">
              {t('composer.failed', { message: sendError })}
            </span>
          ) : null}
        </span>
        <button type="submit" className="primary" disabled={queueing || !ready}>
          {kind === 'reply' ? t('composer.send') : t('composer.saveNote')}
        </button>
      </div>
    </form>
  );
}

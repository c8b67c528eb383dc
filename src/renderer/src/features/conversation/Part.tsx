import { isFromVisitor } from '../../../../shared/inbox';
import { isSystemPart, systemPartText } from './system-part';
import { memo, useState } from 'react';
import type { Attachment, ConversationPart } from '../../../../shared/api/types';
import { safeExternalUrl } from '../../../../shared/links';
import { cleanUserText } from '../../../../shared/text';
import { formatExactTime, formatSize, formatTime } from '../../ui/text/format';
import { t, useLocale } from '../../ui/i18n';
import { usePerch } from '../../store';
import { RichText } from '../../ui/RichText';
import { isViewable, useImageData, useViewer } from './slice-image-viewer';

/** A file's kind as its name says it ("PDF", "DOCX"), for the line beside its size. */
function fileType(name: string): string {
  return /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toUpperCase() ?? '';
}

/** An image of the message, shown small; a click (or Enter) opens it in the viewer. */
function Thumbnail({ file }: { file: Attachment }) {
  const accountId = usePerch((s) => s.conversation?.accountId ?? null);
  const { src, failed } = useImageData(accountId, file.url);
  const name = cleanUserText(file.filename);
  const showInConversation = useViewer((s) => s.showInConversation);
  const open = (button: HTMLElement) => showInConversation(file.url, button);
  // Shown once main has read it: an image that cannot be read leaves only the file's line.
  if (failed || !src) return null;
  return (
    <button
      type="button"
      className="thumbnail"
      aria-label={t('viewer.open', { name })}
      onClick={(e) => open(e.currentTarget)}
      data-thumbnail
    >
      <img src={src} alt="" />
    </button>
  );
}

function Attachments({ files }: { files: Attachment[] }) {
  const openLink = usePerch((s) => s.openLink);
  return (
    <ul className="attachments">
      {files.map((file) => {
        const url = safeExternalUrl(file.url);
        return (
          <li key={file.id}>
            {isViewable(file) ? <Thumbnail file={file} /> : null}
            <span className="file-name">
              📎 <bdi>{cleanUserText(file.filename)}</bdi>
            </span>
            <span className="muted">
              {fileType(file.filename) ? <span className="file-type">{fileType(file.filename)} · </span> : null}
              {formatSize(file.size)}
            </span>
            {url ? (
              <button type="button" onClick={() => openLink(url.toString())}>
                {t('conversation.openFile')}
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function senderName(part: ConversationPart, visitorName: string): string {
  if (isFromVisitor(part)) return cleanUserText(visitorName);
  return typeof part.from === 'object' && part.from ? part.from.name : '';
}

/** Bodies longer than this (characters or lines) start folded, with "Show more". */
const FOLD_CHARS = 1200;
const FOLD_LINES = 16;

function Bubble({ body }: { body: string }) {
  const long = body.length > FOLD_CHARS || body.split('\n').length > FOLD_LINES;
  const [open, setOpen] = useState(false);
  const openLink = usePerch((s) => s.openLink);
  return (
    <>
      <div className={long && !open ? 'bubble folded' : 'bubble'} dir="auto">
        <RichText body={body} openLink={openLink} />
      </div>
      {long ? (
        <button type="button" className="link fold" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('conversation.showLess') : t('conversation.showMore')}
        </button>
      ) : null}
    </>
  );
}

/** One entry of the timeline. Bodies render as text: markup from the wire never becomes DOM. */
export const Part = memo(function Part({
  part,
  visitorName,
  buttons,
}: {
  part: ConversationPart;
  visitorName: string;
  buttons?: ReadonlySet<string>;
}) {
  // Memoised on its props, a part would keep its sentences in the old language after a switch.
  useLocale();
  if (isSystemPart(part)) {
    return (
      <li className="part system" data-part-id={part.id}>
        <bdi>{systemPartText(part)}</bdi>
      </li>
    );
  }
  const kind = part.type === 'note' ? 'note' : isFromVisitor(part) ? 'visitor' : 'admin';
  // A visitor message that repeats an offered button (or carries a button's meta_data) is a press.
  const pressed =
    isFromVisitor(part) && (Object.keys(part.meta_data).length > 0 || (buttons?.has(part.body.trim()) ?? false));
  return (
    <li className={`part ${kind}`} data-part-id={part.id} data-random-id={part.random_id || undefined}>
      <div className="part-head">
        <span className="sender" title={senderName(part, visitorName)}>
          <bdi>{senderName(part, visitorName)}</bdi>
        </span>
        {kind === 'note' ? <span className="note-label">{t('conversation.note')}</span> : null}
        {pressed ? <span className="pressed">{t('conversation.pressedQuickReply')}</span> : null}
        <time dateTime={new Date(part.created * 1000).toISOString()} title={formatExactTime(part.created)}>
          {formatTime(part.created)}
        </time>
      </div>
      {part.body ? <Bubble body={part.body} /> : null}
      {part.attachments.length ? <Attachments files={part.attachments} /> : null}
      {part.actions?.length ? (
        <ul className="quick-replies" aria-label={t('conversation.quickReplies')}>
          {part.actions.map((action, i) => (
            <li key={i}>{action.body}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
});

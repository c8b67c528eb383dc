import { LIMITS, type QuickReplyAction } from '../../../shared/api/types';
import { t } from '../i18n';

export interface ButtonDraft {
  body: string;
  /** meta_data as the agent typed it: JSON object text, or empty. */
  meta: string;
}

export const MAX_BUTTONS = 10;

/** Buttons as the API takes them, or the first problem in words. */
export function toActions(drafts: ButtonDraft[]): { actions: QuickReplyAction[]; error: string | null } {
  const actions: QuickReplyAction[] = [];
  for (const [i, d] of drafts.entries()) {
    const body = d.body.trim();
    if (!body) continue;
    if (body.length > LIMITS.quickReplyBody) return { actions, error: t('quick.tooLong', { n: i + 1, max: LIMITS.quickReplyBody }) };
    if (!d.meta.trim()) {
      actions.push({ type: 'quick_reply', body });
      continue;
    }
    try {
      const meta = JSON.parse(d.meta) as unknown;
      if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) throw new Error('not an object');
      actions.push({ type: 'quick_reply', body, meta_data: meta as Record<string, unknown> });
    } catch {
      return { actions, error: t('quick.badMeta', { n: i + 1 }) };
    }
  }
  return { actions, error: null };
}

/** The quick-reply buttons editor, with a preview of what the visitor will see. */
export function QuickRepliesEditor({ drafts, onChange }: { drafts: ButtonDraft[]; onChange: (drafts: ButtonDraft[]) => void }) {
  const { actions, error } = toActions(drafts);
  const update = (i: number, change: Partial<ButtonDraft>) => onChange(drafts.map((d, j) => (j === i ? { ...d, ...change } : d)));
  return (
    <div className="quick-editor" aria-label={t('conversation.quickReplies')}>
      {drafts.map((d, i) => (
        <div key={i} className="quick-row">
          <input value={d.body} onChange={(e) => update(i, { body: e.target.value })} placeholder={t('quick.button', { n: i + 1 })} aria-label={t('quick.button', { n: i + 1 })} maxLength={LIMITS.quickReplyBody + 50} />
          <input value={d.meta} onChange={(e) => update(i, { meta: e.target.value })} placeholder={t('quick.meta')} aria-label={t('quick.metaFor', { n: i + 1 })} className="meta" />
          <button type="button" onClick={() => onChange(drafts.filter((_, j) => j !== i))} aria-label={t('quick.remove', { n: i + 1 })}>×</button>
        </div>
      ))}
      <div className="quick-foot">
        {drafts.length < MAX_BUTTONS ? <button type="button" onClick={() => onChange([...drafts, { body: '', meta: '' }])}>{t('quick.add')}</button> : null}
        {error ? <span className="error" role="alert">{error}</span> : null}
      </div>
      {actions.length ? (
        <ul className="quick-replies preview" aria-label={t('quick.preview')}>
          {actions.map((a, i) => (
            <li key={i}>{a.body}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

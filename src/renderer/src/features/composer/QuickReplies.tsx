import { LIMITS, type QuickReplyAction } from '../../../../shared/api/types';
import { t } from '../../ui/i18n';

/** One piece of hidden data of a button: sent back with the visitor's press, never shown to them. */
export interface ButtonData {
  key: string;
  value: string;
}

export interface ButtonDraft {
  body: string;
  /** The button's meta_data as name and value rows. */
  data: ButtonData[];
}

export const MAX_BUTTONS = 10;

/** Buttons as the API takes them, or the first problem in words. */
export function toActions(drafts: ButtonDraft[]): { actions: QuickReplyAction[]; error: string | null } {
  const actions: QuickReplyAction[] = [];
  for (const [i, d] of drafts.entries()) {
    const body = d.body.trim();
    if (!body) continue;
    if (body.length > LIMITS.quickReplyBody)
      return { actions, error: t('quick.tooLong', { n: i + 1, max: LIMITS.quickReplyBody }) };
    const rows = d.data.filter((row) => row.key.trim() || row.value.trim());
    if (rows.some((row) => !row.key.trim())) return { actions, error: t('quick.dataNoName', { n: i + 1 }) };
    const meta: Record<string, string> = {};
    for (const row of rows) {
      const key = row.key.trim();
      if (key in meta) return { actions, error: t('quick.dataTwice', { n: i + 1, key }) };
      meta[key] = row.value.trim();
    }
    actions.push(rows.length ? { type: 'quick_reply', body, meta_data: meta } : { type: 'quick_reply', body });
  }
  return { actions, error: null };
}

/** The quick-reply buttons editor, with a preview of what the visitor will see. */
export function QuickRepliesEditor({
  drafts,
  onChange,
}: {
  drafts: ButtonDraft[];
  onChange: (drafts: ButtonDraft[]) => void;
}) {
  const { actions, error } = toActions(drafts);
  const update = (i: number, change: Partial<ButtonDraft>) =>
    onChange(drafts.map((d, j) => (j === i ? { ...d, ...change } : d)));
  const updateData = (i: number, m: number, change: Partial<ButtonData>) =>
    update(i, { data: drafts[i]!.data.map((row, k) => (k === m ? { ...row, ...change } : row)) });
  return (
    <div className="quick-editor" aria-label={t('conversation.quickReplies')}>
      {drafts.map((d, i) => (
        <div key={i} className="quick-button">
          <div className="quick-row">
            <input
              value={d.body}
              onChange={(e) => update(i, { body: e.target.value })}
              placeholder={t('quick.button', { n: i + 1 })}
              aria-label={t('quick.button', { n: i + 1 })}
              maxLength={LIMITS.quickReplyBody + 50}
            />
            <button
              type="button"
              className="link"
              onClick={() => update(i, { data: [...d.data, { key: '', value: '' }] })}
              aria-label={t('quick.addDataFor', { n: i + 1 })}
              title={t('quick.dataHint')}
            >
              {t('quick.addData')}
            </button>
            <button
              type="button"
              onClick={() => onChange(drafts.filter((_, j) => j !== i))}
              aria-label={t('quick.remove', { n: i + 1 })}
            >
              ×
            </button>
          </div>
          {d.data.length ? (
            <ul className="quick-data" aria-label={t('quick.dataOf', { n: i + 1 })}>
              {d.data.map((row, m) => (
                <li key={m} className="quick-data-row">
                  <input
                    value={row.key}
                    onChange={(e) => updateData(i, m, { key: e.target.value })}
                    placeholder={t('quick.dataName')}
                    aria-label={t('quick.dataNameOf', { m: m + 1, n: i + 1 })}
                    maxLength={255}
                    spellCheck={false}
                  />
                  <input
                    value={row.value}
                    onChange={(e) => updateData(i, m, { value: e.target.value })}
                    placeholder={t('quick.dataValue')}
                    aria-label={t('quick.dataValueOf', { m: m + 1, n: i + 1 })}
                    maxLength={1000}
                  />
                  <button
                    type="button"
                    onClick={() => update(i, { data: d.data.filter((_, k) => k !== m) })}
                    aria-label={t('quick.removeData', { m: m + 1, n: i + 1 })}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ))}
      <div className="quick-foot">
        {drafts.length < MAX_BUTTONS ? (
          <button type="button" onClick={() => onChange([...drafts, { body: '', data: [] }])}>
            {t('quick.add')}
          </button>
        ) : null}
        {drafts.some((d) => d.data.length) ? <small className="muted">{t('quick.dataHint')}</small> : null}
        {error ? (
          <span className="error" role="alert">
            {error}
          </span>
        ) : null}
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

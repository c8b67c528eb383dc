import { useState, type FormEvent } from 'react';
import type { PropEdit, VisitorProfile } from '../../../shared/directory';
import { t } from '../i18n';

/** System properties an agent edits by hand; the rest (sessions, last seen) belong to the tracker. */
export const EDITABLE_SYSTEM = ['$name', '$email', '$phone', '$city', '$country'] as const;

const text = (v: unknown) => (v === null || v === undefined ? '' : Array.isArray(v) ? v.join(', ') : String(v));

/** The operations that turn the profile's values into the edited ones: only what changed. */
export function editsFrom(profile: VisitorProfile, values: Record<string, string>, removed: Set<string>): PropEdit[] {
  const edits: PropEdit[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (removed.has(key)) continue;
    const before = key in profile.propsCustom ? profile.propsCustom[key] : profile.props[key];
    if (value.trim() === text(before).trim()) continue;
    edits.push(value.trim() === '' ? { op: 'delete', key } : { op: 'update_or_create', key, value: value.trim() });
  }
  for (const key of removed) edits.push({ op: 'delete', key });
  return edits;
}

export function VisitorPropsEditor({ profile, busy, onSave, onCancel }: { profile: VisitorProfile; busy: boolean; onSave(edits: PropEdit[]): void; onCancel(): void }) {
  const [values, setValues] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(EDITABLE_SYSTEM.map((k) => [k, text(profile.props[k])])),
    ...Object.fromEntries(Object.entries(profile.propsCustom).map(([k, v]) => [k, text(v)])),
  }));
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const [newKey, setNewKey] = useState('');
  const [newValue, setNewValue] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const all = newKey.trim() ? { ...values, [newKey.trim()]: newValue } : values;
    const edits = editsFrom(profile, all, removed);
    if (edits.length) onSave(edits);
    else onCancel();
  };
  const label = (key: string) => (EDITABLE_SYSTEM.includes(key as (typeof EDITABLE_SYSTEM)[number]) ? t(`visitor.prop.${key.slice(1)}` as 'visitor.prop.email') : key);

  return (
    <form className="props-editor" onSubmit={submit} aria-label={t('visitor.editLabel')} aria-busy={busy}>
      {Object.keys(values).filter((k) => !removed.has(k)).map((key) => (
        <div key={key} className="prop-edit">
          <label>
            <span>{label(key)}</span>
            <input value={values[key]} onChange={(e) => setValues({ ...values, [key]: e.target.value })} />
          </label>
          {key in profile.propsCustom ? (
            <button type="button" className="icon" aria-label={t('visitor.removeProp', { key })} onClick={() => setRemoved(new Set(removed).add(key))}>×</button>
          ) : null}
        </div>
      ))}
      <div className="prop-new">
        <input aria-label={t('visitor.newKey')} placeholder={t('visitor.addProp')} value={newKey} onChange={(e) => setNewKey(e.target.value)} maxLength={255} />
        <input aria-label={t('visitor.newValue')} value={newValue} onChange={(e) => setNewValue(e.target.value)} />
      </div>
      <div className="editor-foot">
        <button type="button" className="secondary" onClick={onCancel}>{t('visitor.cancel')}</button>
        <button type="submit" className="primary" disabled={busy}>{busy ? t('visitor.saving') : t('visitor.save')}</button>
      </div>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import type { PropEdit, VisitorProfile } from '../../../../shared/directory';
import { propValueProblem, type PropValueProblem } from '../../../../shared/visitor-props';
import { t } from '../../ui/i18n';

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

/** Properties the panel names in words; anything else is the application's own (custom) property. */
export const KNOWN_PROPS = ['$name', '$email', '$phone', '$city', '$country', '$sessions', '$last_seen'];

/** A property's label: words for the known ones, the key itself for custom ones. */
export function propLabel(key: string): string {
  return KNOWN_PROPS.includes(key) ? t(`visitor.prop.${key.slice(1)}` as 'visitor.prop.email') : key;
}

const NEW_KEY = '\u0000new';
const fieldId = (key: string) => (key === NEW_KEY ? 'new' : key.replace(/[^\w-]/g, '_'));
const omit = (problems: Record<string, PropValueProblem>, key: string) =>
  Object.fromEntries(Object.entries(problems).filter(([k]) => k !== key));

export function VisitorPropsEditor({
  profile,
  busy,
  onSave,
  onCancel,
}: {
  profile: VisitorProfile;
  busy: boolean;
  onSave(edits: PropEdit[]): void;
  onCancel(): void;
}) {
  const [values, setValues] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(EDITABLE_SYSTEM.map((k) => [k, text(profile.props[k])])),
    ...Object.fromEntries(Object.entries(profile.propsCustom).map(([k, v]) => [k, text(v)])),
  }));
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const [newKey, setNewKey] = useState('');
  const [newValue, setNewValue] = useState('');
  // Values Perch can tell are wrong (an e-mail address that is not one), by property; nothing is sent while any remain.
  const [problems, setProblems] = useState<Record<string, PropValueProblem>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const all = newKey.trim() ? { ...values, [newKey.trim()]: newValue } : values;
    const found: Record<string, PropValueProblem> = {};
    for (const [key, value] of Object.entries(all)) {
      const problem = removed.has(key) ? null : propValueProblem(key, value);
      if (problem) found[key === newKey.trim() && !(key in values) ? NEW_KEY : key] = problem;
    }
    setProblems(found);
    if (Object.keys(found).length) return;
    const edits = editsFrom(profile, all, removed);
    if (edits.length) onSave(edits);
    else onCancel();
  };
  const problemOf = (key: string) => {
    const problem = problems[key];
    return problem ? (
      <span id={`prop-problem-${fieldId(key)}`} className="error prop-problem">
        {t(`visitor.invalid.${problem}`)}
      </span>
    ) : null;
  };
  const custom = (key: string) => !KNOWN_PROPS.includes(key);

  return (
    <form className="props-editor" onSubmit={submit} aria-label={t('visitor.editLabel')} aria-busy={busy} noValidate>
      {Object.keys(values)
        .filter((k) => !removed.has(k))
        .map((key) => (
          <div key={key} className={`prop-edit${custom(key) ? ' custom' : ''}`}>
            <label>
              <span title={custom(key) ? t('visitor.customProp') : undefined}>{propLabel(key)}</span>
              <input
                value={values[key]}
                inputMode={key === '$email' ? 'email' : key === '$phone' ? 'tel' : undefined}
                aria-invalid={problems[key] ? true : undefined}
                aria-describedby={problems[key] ? `prop-problem-${fieldId(key)}` : undefined}
                onChange={(e) => {
                  setValues({ ...values, [key]: e.target.value });
                  if (problems[key]) setProblems(omit(problems, key));
                }}
              />
            </label>
            {key in profile.propsCustom ? (
              <button
                type="button"
                className="icon"
                aria-label={t('visitor.removeProp', { key })}
                onClick={() => setRemoved(new Set(removed).add(key))}
              >
                ×
              </button>
            ) : null}
            {problemOf(key)}
          </div>
        ))}
      <fieldset className="prop-new">
        <legend>{t('visitor.addProp')}</legend>
        <label>
          <span>{t('visitor.newKeyShort')}</span>
          <input
            aria-label={t('visitor.newKey')}
            value={newKey}
            onChange={(e) => setNewKey(e.target.value)}
            maxLength={255}
            spellCheck={false}
          />
        </label>
        <label>
          <span>{t('visitor.newValueShort')}</span>
          <input
            aria-label={t('visitor.newValue')}
            value={newValue}
            aria-invalid={problems[NEW_KEY] ? true : undefined}
            onChange={(e) => {
              setNewValue(e.target.value);
              setProblems(omit(problems, NEW_KEY));
            }}
          />
        </label>
        {problemOf(NEW_KEY)}
      </fieldset>
      <div className="editor-foot">
        <button type="button" className="secondary" onClick={onCancel}>
          {t('visitor.cancel')}
        </button>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t('visitor.saving') : t('visitor.save')}
        </button>
      </div>
    </form>
  );
}

import { useEffect, useRef, useState } from 'react';
import { searchReplies, type SavedReply } from '../../../../shared/saved-replies';
import { t } from '../../ui/i18n';
import { useSavedReplies } from './slice-saved-replies';
import { usePerch } from '../../store';
import { buttonDrafts } from './use-saved-reply-fill';
import { QuickRepliesEditor, toActions, type ButtonDraft } from './QuickReplies';
import { Select } from '../../ui/Select';
import { Sheet } from '../../ui/Sheet';

interface Editing {
  id?: string;
  title: string;
  body: string;
  scope: string;
  buttons: ButtonDraft[];
}
const SHARED = 'shared';
const blank = (): Editing => ({ title: '', body: '', scope: SHARED, buttons: [] });
const editingOf = (r: SavedReply): Editing => ({
  id: r.id,
  title: r.title,
  body: r.body,
  scope: r.accountId ?? SHARED,
  buttons: buttonDrafts(r.buttons),
});

export function SavedRepliesDialog() {
  const open = usePerch((s) => s.sheet === 'saved-replies');
  if (!open) return null;
  return <Editor />;
}

/** Saves the export file through the browser's download (main's file is never reached from here). */
function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'perch-saved-replies.json';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Create, edit, remove and search saved replies; import and export them as a file. */
function Editor() {
  const { replies, save, remove, importFile, exportText, error } = useSavedReplies();
  const closeSheet = usePerch((s) => s.closeSheet);
  const accounts = usePerch((s) => s.accounts);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Editing>(blank);
  /** The form as last shown: whether the agent typed on while a save was under way. */
  const shownForm = useRef(editing);
  shownForm.current = editing;
  const [status, setStatus] = useState('');
  const search = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  useEffect(() => search.current?.focus(), []);
  const close = () => closeSheet('saved-replies');
  const shown = searchReplies(replies, query);
  const quick = toActions(editing.buttons);

  const onSave = async () => {
    if (!editing.title.trim() || !editing.body.trim()) return setStatus(t('replies.needed'));
    if (quick.error) return setStatus(quick.error);
    const saving = editing;
    const ok = await save({
      ...(editing.id ? { id: editing.id } : {}),
      title: editing.title.trim(),
      body: editing.body,
      accountId: editing.scope === SHARED ? null : editing.scope,
      buttons: quick.actions,
    });
    if (!ok) return;
    setStatus(t('replies.savedNamed', { title: saving.title.trim() }));
    // Saved: the form is empty for the next reply, so what is typed next is never a silent
    // rewrite of this one (the list holds it, a click edits it again). A reply begun while this
    // one was being saved is kept as typed.
    if (shownForm.current === saving) {
      setEditing(blank());
      titleInput.current?.focus();
    }
  };
  const onImport = async (file: File | undefined) => {
    if (!file) return;
    const result = await importFile(file);
    setStatus(
      result.ok
        ? t('replies.imported', { added: result.added, replaced: result.replaced })
        : t(`replies.problem.${result.problem}`),
    );
  };

  return (
    <Sheet className="sheet saved-replies" labelledBy="saved-replies-title" onClose={close} onEscape={close}>
      <h2 id="saved-replies-title">{t('replies.title')}</h2>
      <div className="saved-replies-body">
        <div className="saved-replies-side">
          <input
            ref={search}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            aria-label={t('replies.search')}
            placeholder={t('replies.search')}
            data-saved-search
          />
          <ul className="saved-replies-list" aria-label={t('replies.title')}>
            {shown.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  aria-current={r.id === editing.id ? 'true' : undefined}
                  onClick={() => {
                    setEditing(editingOf(r));
                    setStatus('');
                  }}
                >
                  <bdi>{r.title}</bdi>
                </button>
              </li>
            ))}
          </ul>
          {shown.length === 0 ? (
            <p className="muted">{replies.length ? t('replies.noMatch') : t('replies.none')}</p>
          ) : null}
          <button type="button" className="secondary" onClick={() => setEditing(blank())}>
            {t('replies.new')}
          </button>
        </div>
        <form
          className="saved-replies-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void onSave();
          }}
        >
          <label>
            {t('replies.name')}
            <input
              ref={titleInput}
              value={editing.title}
              maxLength={120}
              onChange={(e) => setEditing({ ...editing, title: e.target.value })}
              data-saved-title
            />
          </label>
          <label>
            {t('replies.body')}
            <textarea
              value={editing.body}
              rows={4}
              onChange={(e) => setEditing({ ...editing, body: e.target.value })}
              aria-describedby="saved-replies-hint"
              data-saved-body
            />
          </label>
          <p id="saved-replies-hint" className="muted saved-replies-hint">
            {t('replies.variablesHint')}
          </p>
          <div className="saved-replies-scope">
            <span id="saved-replies-scope">{t('replies.scope')}</span>
            <Select
              labelledBy="saved-replies-scope"
              value={editing.scope}
              onChange={(scope) => setEditing({ ...editing, scope })}
              options={[
                { value: SHARED, label: t('replies.shared') },
                ...accounts.map((a) => ({ value: a.id, label: t('replies.account', { account: a.label }) })),
              ]}
            />
            <button
              type="button"
              className="link"
              aria-pressed={editing.buttons.length > 0}
              onClick={() =>
                setEditing({ ...editing, buttons: editing.buttons.length ? [] : [{ body: '', data: [] }] })
              }
            >
              {t('replies.buttons')}
            </button>
          </div>
          {editing.buttons.length ? (
            <QuickRepliesEditor drafts={editing.buttons} onChange={(buttons) => setEditing({ ...editing, buttons })} />
          ) : null}
          <div className="saved-replies-actions">
            <button type="submit" className="primary" data-saved-save>
              {t('replies.save')}
            </button>
            {editing.id ? (
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  void remove(editing.id!).then(() => setStatus(t('replies.deleted')));
                  setEditing(blank());
                }}
              >
                {t('replies.delete')}
              </button>
            ) : null}
          </div>
        </form>
      </div>
      <div className="connect-foot">
        <span role="status" className="muted saved-replies-status" data-saved-status>
          {error ?? status}
        </span>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          data-saved-import
          onChange={(e) => {
            void onImport(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <button type="button" className="secondary" onClick={() => fileInput.current?.click()}>
          {t('replies.import')}
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => void exportText().then((text) => text !== null && download(text))}
        >
          {t('replies.export')}
        </button>
        <button type="button" className="primary" onClick={close}>
          {t('replies.close')}
        </button>
      </div>
    </Sheet>
  );
}

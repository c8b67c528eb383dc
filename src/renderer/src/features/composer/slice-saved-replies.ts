import { create } from 'zustand';
import type { SavedRepliesImport, SavedReply, SavedReplyInput } from '../../../../shared/saved-replies';
import { SAVED_REPLY_LIMITS } from '../../../../shared/saved-replies';
import { mainApi } from '../../main-api';

export interface SavedRepliesState {
  /** Every saved reply, shared and per account, as main keeps them. */
  replies: SavedReply[];
  loaded: boolean;
  /** Why the last change failed, as main said it. */
  error: string | null;
  load(): Promise<void>;
  save(reply: SavedReplyInput): Promise<boolean>;
  remove(id: string): Promise<void>;
  /** Sends a picked file's text to main, which checks it whole. */
  importFile(file: File): Promise<SavedRepliesImport>;
  /** The text of an export file. */
  exportText(): Promise<string | null>;
}

const invoke = mainApi;

/**
 * The saved replies: main keeps them (saved-replies.json); the window asks and changes them over
 * the contract. Their editor is the store's 'saved-replies' sheet.
 */
export const useSavedReplies = create<SavedRepliesState>()((set) => ({
  replies: [],
  loaded: false,
  error: null,

  async load() {
    const result = await invoke()?.invoke('saved-replies:list');
    if (!result?.ok) return;
    set({ replies: result.value, loaded: true, error: null });
    await moveLegacyReplies();
  },

  async save(reply) {
    const result = await invoke()?.invoke('saved-replies:save', reply);
    if (!result) return false;
    if (result.ok) set({ replies: result.value, error: null });
    else set({ error: result.error.message });
    return result.ok;
  },

  async remove(id) {
    const result = await invoke()?.invoke('saved-replies:remove', id);
    if (result?.ok) set({ replies: result.value, error: null });
    else if (result) set({ error: result.error.message });
  },

  async importFile(file) {
    if (file.size > SAVED_REPLY_LIMITS.fileBytes) return { ok: false, problem: 'too-big' };
    const result = await invoke()?.invoke('saved-replies:import', await file.text());
    if (!result?.ok) return { ok: false, problem: 'damaged' };
    if (result.value.ok) set({ replies: result.value.replies, error: null });
    return result.value;
  },

  async exportText() {
    const result = await invoke()?.invoke('saved-replies:export');
    return result?.ok ? result.value : null;
  },
}));

/** Earlier versions kept saved replies in the page's local storage: they move to main once, shared. */
const LEGACY_KEY = 'perch.savedReplies';
async function moveLegacyReplies(storage: Storage | undefined = globalThis.localStorage): Promise<void> {
  let legacy: unknown;
  try {
    legacy = JSON.parse(storage?.getItem(LEGACY_KEY) ?? '[]');
  } catch {
    legacy = [];
  }
  const texts = Array.isArray(legacy) ? legacy.filter((v): v is string => typeof v === 'string' && !!v.trim()) : [];
  for (const body of texts.slice(0, 50)) {
    const title = body.split('\n')[0]!.trim().slice(0, 60);
    await useSavedReplies.getState().save({ title, body, accountId: null, buttons: [] });
  }
  storage?.removeItem(LEGACY_KEY);
}

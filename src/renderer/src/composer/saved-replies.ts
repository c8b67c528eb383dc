/** Saved replies live on this computer, for this agent: a short list in local storage. */
const KEY = 'perch.savedReplies';
const MAX = 50;

export function loadSavedReplies(storage: Storage = localStorage): string[] {
  try {
    const value = JSON.parse(storage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, MAX) : [];
  } catch {
    return [];
  }
}

export function saveReply(text: string, storage: Storage = localStorage): string[] {
  const trimmed = text.trim();
  const list = loadSavedReplies(storage).filter((r) => r !== trimmed);
  const next = trimmed ? [trimmed, ...list].slice(0, MAX) : list;
  storage.setItem(KEY, JSON.stringify(next));
  return next;
}

export function removeSavedReply(text: string, storage: Storage = localStorage): string[] {
  const next = loadSavedReplies(storage).filter((r) => r !== text);
  storage.setItem(KEY, JSON.stringify(next));
  return next;
}

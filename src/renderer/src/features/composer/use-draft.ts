import { useCallback, useEffect, useRef, useState } from 'react';
import type { Id } from '../../../../shared/api/types';
import type { AccountId } from '../../../../shared/accounts';
import { EMPTY_DRAFT, type ConversationDraft } from '../../../../shared/drafts';
import { markDrafted, readDraft, saveDraft } from './slice';

/** Typing sends the draft to main at most this often; leaving the conversation sends it at once. */
const SAVE_AFTER_MS = 400;

/**
 * The reply and the note of one conversation, kept apart and kept by main (draft:get /
 * draft:set), so they survive a switch of conversation and a restart.
 */
export function useDraft(accountId: AccountId, conversationId: Id) {
  const [draft, setDraft] = useState<ConversationDraft>(EMPTY_DRAFT);
  /** Main's draft has arrived (or the agent typed first): what is shown is the whole draft. */
  const [loaded, setLoaded] = useState(false);
  const latest = useRef(draft);
  const touched = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const save = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    if (touched.current) saveDraft(accountId, conversationId, latest.current);
  }, [accountId, conversationId]);

  useEffect(() => {
    let current = true;
    void readDraft(accountId, conversationId)?.then((result) => {
      // What the agent typed while the draft was on its way wins over it.
      if (current && result.ok && !touched.current) {
        latest.current = result.value;
        setDraft(result.value);
        markDrafted(accountId, conversationId, result.value.reply !== '' || result.value.note !== '');
      }
      if (current) setLoaded(true);
    });
    // A closing or reloading window sends what waits, too.
    window.addEventListener('pagehide', save);
    return () => {
      current = false;
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [accountId, conversationId, save]);

  const update = useCallback(
    (kind: keyof ConversationDraft, text: string | ((previous: string) => string)) => {
      touched.current = true;
      setLoaded(true);
      const next = { ...latest.current, [kind]: typeof text === 'function' ? text(latest.current[kind]) : text };
      latest.current = next;
      setDraft(next);
      markDrafted(accountId, conversationId, next.reply !== '' || next.note !== '');
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(save, SAVE_AFTER_MS);
    },
    [save, accountId, conversationId],
  );

  return { draft, update, loaded };
}

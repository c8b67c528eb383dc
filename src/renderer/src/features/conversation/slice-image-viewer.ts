import { useEffect, useState } from 'react';
import { create } from 'zustand';
import type { AccountId } from '../../../../shared/accounts';
import type { Attachment, ConversationPart } from '../../../../shared/api/types';
import { isShownImage } from '../../../../shared/images';
import { safeExternalUrl } from '../../../../shared/links';
import { usePerch } from '../../store';
import { mainApi } from '../../main-api';

export interface ViewedImage {
  url: string;
  name: string;
}

interface ViewerState {
  accountId: AccountId | null;
  images: ViewedImage[];
  /** The image shown, while the store's sheet is 'image-viewer'. */
  index: number;
  /** Where focus goes back when the viewer closes: the thumbnail that opened it. */
  returnTo: HTMLElement | null;
  show(accountId: AccountId, images: ViewedImage[], index: number, returnTo: HTMLElement | null): void;
  /** Opens the open conversation's images at the one with this address (focus goes back to `returnTo`). */
  showInConversation(url: string, returnTo: HTMLElement | null): void;
  step(by: 1 | -1): void;
  close(): void;
}

export const useViewer = create<ViewerState>()((set, get) => ({
  accountId: null,
  images: [],
  index: 0,
  returnTo: null,
  show: (accountId, images, index, returnTo) => {
    set({ accountId, images, index, returnTo });
    usePerch.getState().openSheet('image-viewer');
  },
  showInConversation: (url, returnTo) => {
    const conversation = usePerch.getState().conversation;
    if (!conversation) return;
    const images = imagesOf(conversation.parts);
    get().show(
      conversation.accountId,
      images,
      Math.max(
        0,
        images.findIndex((i) => i.url === url),
      ),
      returnTo,
    );
  },
  step: (by) => set((s) => (s.images.length ? { index: (s.index + by + s.images.length) % s.images.length } : s)),
  close: () => usePerch.getState().closeSheet('image-viewer'),
}));

/** An attachment Perch shows as an image: a raster type, at most 10 MB, at an address that passes links.ts. */
export const isViewable = (file: Attachment) => isShownImage(file) && safeExternalUrl(file.url) !== null;

/** Every image of the loaded messages, in timeline order: the viewer's arrows go through them. */
export function imagesOf(parts: readonly ConversationPart[]): ViewedImage[] {
  return parts.flatMap((p) => p.attachments.filter(isViewable).map((f) => ({ url: f.url, name: f.filename })));
}

const MAX_CACHED = 60;
const cache = new Map<string, Promise<string | null>>();

/** An image as a `data:` address, read by main after its checks; kept for the last few dozen. */
function imageData(accountId: AccountId, url: string): Promise<string | null> {
  const key = `${accountId} ${url}`;
  let found = cache.get(key);
  if (!found) {
    found = Promise.resolve(mainApi()?.invoke('attachment:image', accountId, url)).then((r) =>
      r?.ok ? r.value : null,
    );
    cache.set(key, found);
    for (const old of cache.keys()) {
      if (cache.size <= MAX_CACHED) break;
      cache.delete(old);
    }
  }
  return found;
}

/** The image's `data:` address once main has read it; `failed` when it could not. */
export function useImageData(accountId: AccountId | null, url: string | null) {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    setState({ src: null, failed: false });
    if (accountId === null || url === null) return;
    let live = true;
    void imageData(accountId, url).then((src) => live && setState({ src, failed: src === null }));
    return () => {
      live = false;
    };
  }, [accountId, url]);
  return state;
}

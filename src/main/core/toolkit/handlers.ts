import { safeExternalUrl } from '../../../shared/links';
import { ContractError, type ContractHandlers, type WorkspaceHandlers } from '../contract/contract-dispatch';
import { JsonFile } from '../storage/json-file';
import type { AttachmentImages } from './attachment-images';
import { SavedReplies } from './saved-replies';

/** The toolkit's choices in a workspace's options. */
export interface ToolkitChoices {
  /** Opens a link in the agent's browser. */
  openExternal(url: string): Promise<void>;
}

/** `attachment:image` (attachments.ts) and `link:open` (links.ts): an attachment's image, a link in the browser. */
export function toolkitHandlers(parts: {
  images: AttachmentImages;
  options: ToolkitChoices;
}): Pick<WorkspaceHandlers, 'attachment:image' | 'link:open'> {
  const { images, options } = parts;
  return {
    // Only an image of a part handed to the window, and for an account elsewhere never from a private network.
    'attachment:image': (url) => images.read(url),
    'link:open': async (url) => {
      const safe = safeExternalUrl(url);
      if (!safe)
        throw new ContractError(
          'invalid-arguments',
          'Only http and https links without hidden characters can be opened',
        );
      await options.openExternal(safe.toString());
      return null;
    },
  };
}

/** `saved-replies:*` (shared/ipc/channels/saved-replies.ts): the agent's saved replies, one file for every account. */
export function savedRepliesHandlers(
  dataDir: string,
): Pick<
  ContractHandlers,
  'saved-replies:list' | 'saved-replies:save' | 'saved-replies:remove' | 'saved-replies:import' | 'saved-replies:export'
> {
  const savedReplies = new SavedReplies(new JsonFile(`${dataDir}/saved-replies.json`));
  return {
    'saved-replies:list': () => savedReplies.list(),
    'saved-replies:save': (reply) => savedReplies.save(reply),
    'saved-replies:remove': (id) => savedReplies.remove(id),
    'saved-replies:import': (text) => savedReplies.importText(text),
    'saved-replies:export': () => savedReplies.exportText(),
  };
}

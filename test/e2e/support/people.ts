import type { AdminRecord } from '../../../src/sandbox/model';
import type { RunningSandbox } from '../../../src/sandbox/server';

/**
 * The people on the platform's side of a test: visitors writing through the public API as the
 * site's widget would, and colleagues of the agent working in the web panel. Each call goes to
 * the sandbox over HTTP with the application's token and fails the test if the platform refuses.
 * `on` is the Perch fixture (its sandbox and signed-in application) or any sandbox and application.
 */
export interface OnPlatform {
  sandbox: RunningSandbox;
  appId: string;
}

type Form = Record<string, string> | FormData;

async function post(on: OnPlatform, path: string, form: Form): Promise<void> {
  const app = on.sandbox.info.apps.find((a) => a.id === on.appId);
  if (!app) throw new Error(`the sandbox has no application ${on.appId}`);
  const headers: Record<string, string> = { authorization: `Token ${app.token}` };
  if (!(form instanceof FormData)) headers['content-type'] = 'application/x-www-form-urlencoded';
  const body = form instanceof FormData ? form : new URLSearchParams(form);
  const answer = await fetch(`${on.sandbox.info.baseUrl}${path}`, { method: 'POST', headers, body });
  if (!answer.ok) throw new Error(`the platform refused POST ${path}: ${answer.status} ${await answer.text()}`);
}

/** A conversation's visitor, or any visitor of the application by id. */
interface Visited {
  id: string;
  userId: string;
}

export const visitor = {
  /** The conversation's visitor sends a message, with a file when given. */
  writes(on: OnPlatform, conversation: Visited, body: string, attachment?: { name: string; blob: Blob }) {
    if (!attachment)
      return post(on, `/conversations/${conversation.id}/reply`, { body, from_user: conversation.userId });
    const form = new FormData();
    form.append('from_user', conversation.userId);
    form.append('body', body);
    form.append('attachment', attachment.blob, attachment.name);
    return post(on, `/conversations/${conversation.id}/reply`, form);
  },
  /** The conversation's visitor is typing what `body` says. */
  types(on: OnPlatform, conversation: Visited, body: string) {
    return post(on, `/conversations/${conversation.id}/settyping`, { from_user: conversation.userId, body });
  },
  /** A visitor comes onto the site, on the page named. */
  comesOnline(on: OnPlatform, userId: string, currentPage: string) {
    return post(on, `/users/${userId}/setpresence`, { presence: 'online', current_page: currentPage });
  },
  /** The site sets one of the visitor's properties (its name is `$name`). */
  setsProp(on: OnPlatform, userId: string, key: string, value: string) {
    return post(on, `/users/${userId}/props`, {
      operations: JSON.stringify([{ op: 'update_or_create', key, value }]),
    });
  },
};

/** The agent's first colleague in the application (another administrator). */
function firstColleague(on: OnPlatform & { adminId: string }): AdminRecord {
  const found = [...on.sandbox.store.admins.values()].find((a) => a.appId === on.appId && a.id !== on.adminId);
  if (!found) throw new Error('the application has no other administrator');
  return found;
}

export const colleague = {
  /** Who the agent's colleague is: another administrator of the signed-in application. */
  of: firstColleague,
  /** The colleague takes the conversation (assigns it to themselves); returns who they are. */
  async assigns(on: OnPlatform & { adminId: string }, conversationId: string) {
    const them = firstColleague(on);
    await post(on, `/conversations/${conversationId}/assign`, { admin: them.id, from_admin: them.id });
    return them;
  },
  /** The colleague replies in the web panel; returns who they are. */
  async replies(on: OnPlatform & { adminId: string }, conversationId: string, body: string) {
    const them = firstColleague(on);
    await post(on, `/conversations/${conversationId}/reply`, { body, from_admin: them.id });
    return them;
  },
  /** The colleague is typing a reply; returns who they are. */
  async types(on: OnPlatform & { adminId: string }, conversationId: string, body: string) {
    const them = firstColleague(on);
    await post(on, `/conversations/${conversationId}/settyping`, { body, from_admin: them.id });
    return them;
  },
};

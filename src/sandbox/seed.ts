import { compareIds } from '../shared/api/ids';
import type { Id } from '../shared/api/types';
import { APPS, CITIES, FIRST_NAMES, LAST_NAMES } from './demo-content';
import { ALL_SCOPES, type ConversationRecord, type PartRecord, type Scope, type UserRecord } from './model';
import { Random } from './random';
import { applyPart, type SandboxStore } from './store';

export interface SeedOptions {
  seed: number;
  /** Conversations per application. */
  conversationsPerApp: number;
  nowSeconds: number;
}

export interface SeededApp {
  id: Id;
  token: string;
  adminId: Id;
  /** Tokens with fewer scopes, for testing scope rules. */
  limitedTokens: { token: string; scopes: Scope[] }[];
}

const READ_ONLY: Scope[] = ['conversations-read', 'user-read', 'users-list-active', 'app-basic-read'];

function makeUser(
  store: SandboxStore,
  rnd: Random,
  appId: Id,
  domain: string,
  now: number,
  pages: readonly (readonly [string, string])[],
): UserRecord {
  const id = store.nextId();
  const props: UserRecord['props'] = {
    $last_seen: Math.round(now - rnd.int(0, 14 * 86400)),
    $sessions: rnd.int(1, 40),
  };
  const known = rnd.chance(0.65);
  if (known) {
    const first = rnd.pick(FIRST_NAMES);
    const last = rnd.pick(LAST_NAMES);
    props['$name'] = `${first} ${last}`;
    if (rnd.chance(0.8)) props['$email'] = `${first}.${last}@mail.example`.toLowerCase();
    if (rnd.chance(0.3)) props['$phone'] = `+${rnd.int(1, 99)} ${rnd.int(100, 999)} ${rnd.int(1000000, 9999999)}`;
    props['$city'] = rnd.pick(CITIES);
  }
  const page = rnd.pick(pages);
  const presence = rnd.chance(0.15) ? 'online' : rnd.chance(0.1) ? 'idle' : 'offline';
  const events = Array.from({ length: rnd.int(0, 6) }, () => ({
    id: store.nextId(),
    name: rnd.pick(['Viewed product', 'Added to cart', 'Started checkout', 'Ordered', 'Opened chat']),
    created: Math.round(now - rnd.int(60, 20 * 86400)),
    params: { page: page[1] },
  })).sort((a, b) => compareIds(a.id, b.id));
  return {
    id,
    appId,
    userId: known && rnd.chance(0.7) ? `crm-${rnd.hex(8)}` : null,
    presence,
    presenceDetails:
      presence === 'offline'
        ? {}
        : {
            page: page[0],
            url: `https://${domain}${page[1]}`,
            session_started: Math.round(now - rnd.int(30, 3600)),
            presence,
          },
    props,
    propsCustom: known ? { plan: rnd.pick(['free', 'plus', 'pro']), orders: rnd.int(0, 30) } : {},
    lastHeartbeat: presence === 'offline' ? undefined : now - rnd.int(0, 60),
    emailStatus: props['$email']
      ? rnd.pick(['subscribed', 'subscribed', 'subscribed', 'awaiting confirmation', 'unsubscribed'] as const)
      : undefined,
    events,
    tags: known && rnd.chance(0.3) ? [rnd.pick(['vip', 'wholesale', 'newsletter'])] : [],
    segmentIds: [],
    timezoneOffset: rnd.pick([-5, 0, 1, 3, 5, 9]),
  };
}

function part(
  store: SandboxStore,
  conversation: ConversationRecord,
  created: number,
  fields: Partial<PartRecord> & Pick<PartRecord, 'type' | 'direction'>,
): PartRecord {
  return {
    id: store.nextId(),
    conversationId: conversation.id,
    created,
    body: '',
    bodyJson: {},
    read: true,
    sentVia: fields.direction === 'u2a' ? 'web_user' : 'app_desktop',
    attachments: [],
    metaData: {},
    replyType: 'text',
    actions: null,
    externalId: null,
    randomId: 0,
    fromAdminId: null,
    fromUserId: null,
    assigneeId: null,
    referrer: null,
    ...fields,
  };
}

/** Builds the demo workspace: two applications with admins, channels, visitors and conversations. */
export function seedDemo(store: SandboxStore, options: SeedOptions): SeededApp[] {
  const rnd = new Random(options.seed);
  const now = options.nowSeconds;
  const seeded: SeededApp[] = [];
  const records: ConversationRecord[] = [];

  APPS.forEach((spec, appIndex) => {
    const appId = String(101 + appIndex);
    const adminIds = spec.admins.map((name) => {
      const id = store.nextId();
      store.admins.set(id, { id, appId, name, avatar: `https://${spec.domain}/avatars/${id}.png` });
      return id;
    });
    store.apps.set(appId, { id: appId, name: spec.name, defaultAdminId: adminIds[0] as Id });
    const channelIds = spec.channels.map((name, i) => {
      const id = store.nextId();
      store.channels.set(id, {
        id,
        appId,
        name,
        avatar: '',
        type: 'manual',
        operatorIds: adminIds.filter((_, j) => (i + j) % 2 === 0),
      });
      return id;
    });
    const segmentIds = ['Returning buyers', 'High value', 'Newsletter readers'].map((name, i) => {
      const id = store.nextId();
      store.segments.set(id, {
        id,
        appId,
        name,
        // A segment's filters are a JSON string of the documented filter object (/objects/user).
        filters: JSON.stringify({
          type: 'and',
          filters: [
            i === 2
              ? { type: 'known', property_name: '$email', value: {} }
              : { type: 'gt', property_name: ['$sessions', 'orders'][i], value: { value: 5 } },
          ],
        }),
      });
      return id;
    });
    const userCount = Math.max(20, Math.ceil(options.conversationsPerApp * 0.8));
    const users = Array.from({ length: userCount }, () => makeUser(store, rnd, appId, spec.domain, now, spec.pages));
    for (const user of users) {
      user.segmentIds = segmentIds.filter(() => rnd.chance(0.25));
      store.users.set(user.id, user);
    }
    addHistory(users, adminIds, now);

    const token = `sbx_${appId}_${rnd.hex(32)}`;
    store.tokens.set(token, { token, appId, scopes: new Set(ALL_SCOPES) });
    const readOnly = `sbx_${appId}_ro_${rnd.hex(24)}`;
    store.tokens.set(readOnly, { token: readOnly, appId, scopes: new Set(READ_ONLY) });
    seeded.push({
      id: appId,
      token,
      adminId: adminIds[1] ?? (adminIds[0] as Id),
      limitedTokens: [{ token: readOnly, scopes: READ_ONLY }],
    });

    for (let n = 0; n < options.conversationsPerApp; n++) {
      // Spread over three days, recent ones denser, the newest a few minutes old.
      const start = now - 3000 - Math.floor(rnd.next() ** 2 * 3 * 86400);
      const user = rnd.pick(users);
      const conversation: ConversationRecord = {
        id: store.nextId(),
        appId,
        created: start,
        userId: user.id,
        channelId: rnd.chance(0.85) ? rnd.pick(channelIds) : null,
        read: true,
        replied: false,
        clicked: false,
        unsubscribed: false,
        closed: false,
        type: 'popup_chat',
        replyType: 'text',
        assigneeId: null,
        lastAdminId: null,
        lastUpdate: start,
        unreadPartsCount: 0,
        tags: [],
        assistantType: null,
        userReplies: 0,
        waitingSince: null,
        parts: [],
      };
      const dialogue = rnd.pick(spec.dialogues);
      const admin = rnd.pick(adminIds);
      let t = start;
      const add = (fields: Partial<PartRecord> & Pick<PartRecord, 'type' | 'direction'>) => {
        const p = part(store, conversation, t, fields);
        conversation.parts.push(p);
        applyPart(conversation, p);
        t = Math.round((t + rnd.int(20, 600) + rnd.next()) * 1000) / 1000;
      };
      if (n % 25 === 7) conversation.assistantType = 'lead_bot';
      if (n % 30 === 11) {
        // A message from an admin nobody answered: lists leave such conversations out.
        add({ type: 'reply_admin', direction: 'a2u', body: 'Hi! Can we help you choose?', fromAdminId: admin });
      } else {
        if (rnd.chance(0.6))
          add({ type: 'assigned', direction: 'a2u', fromAdminId: admin, assigneeId: admin, replyType: 'no' });
        const lines = dialogue.slice(0, rnd.int(1, dialogue.length));
        lines.forEach((body, i) => {
          if (i % 2 === 0) add({ type: 'reply_user', direction: 'u2a', body, fromUserId: user.id, read: false });
          else add({ type: 'reply_admin', direction: 'a2u', body, fromAdminId: admin, read: true });
        });
        if (rnd.chance(0.1))
          add({ type: 'note', direction: 'a2u', body: 'Customer prefers email follow-ups.', fromAdminId: admin });
        if (rnd.chance(0.12) && conversation.waitingSince === null) {
          add({
            type: 'reply_admin',
            direction: 'a2u',
            body: 'Did that answer your question?',
            fromAdminId: admin,
            actions: [
              { type: 'quick_reply', body: 'Yes, thanks', meta_data: { answer: 'yes' } },
              { type: 'quick_reply', body: 'No, I need more help', meta_data: { answer: 'no' } },
            ],
          });
        }
      }
      if (rnd.chance(0.3)) conversation.tags.push(rnd.pick(spec.tags));
      if (conversation.waitingSince === null && rnd.chance(0.45)) conversation.closed = true;
      // The seeded past has been read, except for recent conversations still waiting on an admin.
      if (conversation.waitingSince === null || now - conversation.lastUpdate > 6 * 3600) {
        conversation.unreadPartsCount = 0;
        conversation.read = true;
      }
      records.push(conversation);
    }
  });
  store.loadConversations(records);
  return seeded;
}

const NOTES = [
  'Prefers answers by email; works night shifts.',
  'Asked twice about wholesale terms, follow up next week.',
  'Had a damaged parcel in March, refunded.',
];

/** Notes and consents for some known visitors, derived from their IDs so the random sequence stays as it was. */
function addHistory(users: UserRecord[], adminIds: Id[], now: number): void {
  for (const user of users) {
    const email = user.props['$email'];
    if (typeof email !== 'string') continue;
    const n = Number(BigInt(user.id) % 1_000_000n);
    if (n % 3 === 0)
      user.consents = [
        {
          created: Math.round(now - (n % 90) * 86400),
          ipAddress: `203.0.113.${n % 250}`,
          dataProcessing: true,
          contacts: { email },
        },
      ];
    if (n % 4 === 0)
      user.notes = [
        {
          id: String(BigInt(user.id) * 10n),
          body: NOTES[n % NOTES.length]!,
          created: Math.round(now - (n % 30) * 86400),
          adminId: adminIds[n % adminIds.length]!,
        },
      ];
  }
}

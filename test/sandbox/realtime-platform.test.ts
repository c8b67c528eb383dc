import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningSandbox } from '../../src/sandbox/server';
import { raw, sandbox } from '../support/sandbox';
import { until } from '../support/until';

/** The sandbox's Realtime Services against what the platform's /rts pages say, no kinder and no poorer. */

interface Envelope {
  id: number;
  channel: string;
  message: Record<string, unknown>;
  tag: string;
  time: string;
}

let sbx: RunningSandbox;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await sbx?.close();
});

/** A wall clock held within one second, so every message shares its `time`. */
const SECOND = 1_800_000_000_000;

function listen(channels: string[], query = '') {
  const app = sbx.info.apps[0]!;
  const url = `${sbx.info.baseUrl.replace(/^http/, 'ws')}/websocket/${channels.join('/')}${query}`;
  const socket = new WebSocket(url, { headers: { authorization: `Token ${app.token}` } });
  sockets.push(socket);
  const received: Envelope[] = [];
  socket.on('message', (data) => received.push(JSON.parse(String(data)) as Envelope));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, received, opened };
}

const openConversation = () =>
  [...sbx.store.conversations.values()].find((c) => c.appId === '101' && !c.closed && c.userReplies > 0)!;

describe('resuming', () => {
  it('from a ping does not skip the message published after it in the same second', async () => {
    sbx = await sandbox({ realtime: true, now: () => SECOND, realtimePingMs: 30 });
    const first = listen(['ping', 'conversation_reply.101']);
    await first.opened;
    await until(() => first.received.some((e) => e.channel === 'ping'), { what: 'a ping' });
    first.socket.terminate();
    const ping = first.received.find((e) => e.channel === 'ping')!;
    const c = openConversation();
    await raw(sbx, `/conversations/${c.id}/reply`, { form: { body: 'after the ping' } });

    const again = listen(['conversation_reply.101'], `?tag=${ping.tag}&time=${encodeURIComponent(ping.time)}`);
    await again.opened;
    await until(() => again.received.length > 0, { ms: 1000, what: 'the reply after the ping' });
    expect(again.received[0]!.message.body).toBe('after the ping');
  });

  it('with a time and no tag sends that whole second', async () => {
    sbx = await sandbox({ realtime: true, now: () => SECOND });
    const c = openConversation();
    await raw(sbx, `/conversations/${c.id}/reply`, { form: { body: 'one' } });
    await raw(sbx, `/conversations/${c.id}/reply`, { form: { body: 'two' } });
    const time = new Date(SECOND).toUTCString();
    const resumed = listen(['conversation_reply.101'], `?time=${encodeURIComponent(time)}`);
    await resumed.opened;
    await until(() => resumed.received.length >= 2, { ms: 1000, what: 'both replies of that second' });
    expect(resumed.received.map((e) => e.message.body)).toEqual(['one', 'two']);
  });
});

describe('conversation_reply', () => {
  it('carries the assign, close and tag parts with their random_id, as the REST pages promise', async () => {
    sbx = await sandbox({ realtime: true });
    const listening = listen(['conversation_reply.101', 'conversation_assigned.101']);
    await listening.opened;
    const c = openConversation();
    const admin = sbx.info.apps[0]!.adminId;
    await raw(sbx, `/v2/conversations/${c.id}/assign`, { form: { admin, from_admin: admin, random_id: '11' } });
    await raw(sbx, `/v2/conversations/${c.id}/tag`, {
      form: { action: 'add', tag: 'vip', from_admin: admin, random_id: '12' },
    });
    await raw(sbx, `/v2/conversations/${c.id}/close`, { form: { from_admin: admin, random_id: '13' } });
    const replies = () => listening.received.filter((e) => e.channel === 'conversation_reply.101');
    await until(() => replies().length >= 3, { ms: 2000, what: 'three parts on conversation_reply' });
    expect(replies().map((e) => [e.message.type, e.message.random_id, e.message.conversation])).toEqual([
      ['assigned', 11, Number(c.id)],
      ['tag_added', 12, Number(c.id)],
      ['closed', 13, Number(c.id)],
    ]);
    expect(replies()[0]!.message).toHaveProperty('assignee');
    // Their own channels still speak too.
    expect(listening.received.some((e) => e.channel === 'conversation_assigned.101')).toBe(true);
  });
});

describe('the documented channels', () => {
  it('publish a visitor’s new conversation, the .{user_id} copies, properties and events', async () => {
    sbx = await sandbox({ realtime: true });
    const c = openConversation();
    const user = sbx.store.users.get(c.userId)!;
    const listening = listen([
      'conversation_started_user.101',
      `conversation.101.${user.id}`,
      `conversation_reply.101.${user.id}`,
      `conversation_typing.101.${user.id}`,
      `conversation_read.101.${user.id}`,
      `user_props_changed.101.${user.id}`,
      `event.101.${user.id}`,
    ]);
    await listening.opened;
    const userPath = `/users/${user.id}`;
    await raw(sbx, `${userPath}/startconversation`, { form: { body: 'a new question' } });
    await raw(sbx, `/conversations/${c.id}/reply`, { form: { body: 'to this visitor' } });
    await raw(sbx, `/conversations/${c.id}/settyping`, { form: { body: 'typ', from_user: 'default_user' } });
    await raw(sbx, `/conversations/${c.id}/markread`, { form: {} });
    await raw(sbx, `${userPath}/props`, {
      form: { operations: JSON.stringify([{ op: 'update_or_create', key: '$name', value: 'Renamed' }]) },
    });
    await raw(sbx, `${userPath}/events`, { form: { event: 'Visited pricing' } });
    const channels = () => new Set(listening.received.map((e) => e.channel.split('.')[0]));
    await until(() => channels().size >= 7, { ms: 2000, what: 'a message on each channel' }).catch(() => {});
    expect([...channels()].sort()).toEqual([
      'conversation',
      'conversation_read',
      'conversation_reply',
      'conversation_started_user',
      'conversation_typing',
      'event',
      'user_props_changed',
    ]);
    const props = listening.received.find((e) => e.channel.startsWith('user_props_changed'))!;
    expect(props.message).toMatchObject({ user: Number(user.id) });
    const event = listening.received.find((e) => e.channel.startsWith('event'))!;
    expect(event.message).toMatchObject({ name: 'Visited pricing', user: Number(user.id) });
  });
});

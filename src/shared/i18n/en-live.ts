/** How changes reach Perch: realtime, its fallback, or polling alone (docs/realtime.md). */
export const enLive = {
  'live.live': 'Live updates',
  'live.long-polling': 'Live updates (long polling)',
  'live.polling': 'Checking every few seconds',
  'live.off': 'Live updates off',
  'live.detail.live': 'Changes arrive as they happen; Perch also checks every 30 seconds.',
  'live.detail.long-polling':
    'A direct connection is not possible here, so changes arrive by long polling; Perch also checks every 30 seconds.',
  'live.detail.polling': 'No live connection: Perch checks for changes every few seconds.',
  'live.detail.off': 'Live updates are switched off in Accounts: Perch checks for changes every few seconds.',
  'diagnostics.realtimeTitle': 'Live updates',
  'diagnostics.realtime.connected': '{account}: connected.',
  'diagnostics.realtime.long-polling': '{account}: connected by long polling (WebSocket is blocked).',
  'diagnostics.realtime.connecting': '{account}: connecting…',
  'diagnostics.realtime.disconnected':
    '{account}: disconnected, trying again; Perch checks every few seconds meanwhile.',
  'diagnostics.realtime.degraded':
    '{account}: the live-updates server does not deliver as it should; Perch checks every few seconds and tries again later.',
  'diagnostics.realtime.unsupported': '{account}: not available for this server; Perch checks every few seconds.',
  'diagnostics.realtime.signed-out': '{account}: the token was refused.',
  'diagnostics.realtime.off': '{account}: off; Perch checks every few seconds.',
  // Perch's log (docs/reliability.md): its last lines, copied for whoever supports the agent.
  'diagnostics.copyLog': 'Copy log',
  'diagnostics.logCopied': 'Copied the last {count} lines of the log. They hold no token and no message text.',
  'diagnostics.logEmpty': 'The log is empty so far.',
  'diagnostics.realtime.switchedOff': '{account}: off, switched off in Accounts; Perch checks every few seconds.',
  'accounts.liveUpdates': 'Live updates',
  'accounts.liveUpdatesOf': 'Live updates for {label}',
  'accounts.liveUpdatesHint': 'On: changes arrive at once. Off: Perch checks every few seconds.',
} as const;

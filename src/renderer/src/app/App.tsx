import { useEffect } from 'react';
import type { PerchBridge } from '../../../shared/ipc/contract';
import { ConversationPane } from '../features/conversation/ConversationPane';
import { ImageViewer } from '../features/conversation/ImageViewer';
import { ReconnectBanner } from '../features/accounts/ReconnectBanner';
import { useUpdates } from '../features/updates/slice';
import { ProxySignInDialog } from '../features/accounts/ProxySignIn';
import { DamageBanner } from '../features/alerts/DamageBanner';
import { TroubleBanner } from '../features/alerts/TroubleBanner';
import { Notices } from './Notices';
import { ConfirmClose } from '../features/conversation/ConfirmClose';
import { SnoozeMenu } from '../features/conversation/SnoozeMenu';
import { StaleGuard } from '../features/toolkit/StaleGuard';
import { listenToolkit, useToolkit } from '../features/toolkit/slice';
// Dialogs and screens the first inbox screen does not show load in chunks of their own.
import {
  AccountsDialog,
  CommandPalette,
  ConnectDialog,
  DiagnosticsDialog,
  SavedRepliesDialog,
  HelpSheet,
  LeadsScreen,
  SettingsDialog,
  VisitorScreen,
  VisitorsScreen,
} from './LazyScreens';
import { useDirectory } from '../features/directory/slice';
import { directoryAccountOf, isRunning } from '../features/accounts/accounts-view';
import { InboxList } from '../features/inbox/InboxList';
import { Sidebar } from '../features/inbox/Sidebar';
import { t, useLocale } from '../ui/i18n';
import { installShortcuts } from '../features/palette/slice';
import { installRecovery } from './recovery';
import { usePerch } from '../store';
import { useSavedReplies } from '../features/composer/slice-saved-replies';

export function App({ bridge }: { bridge: PerchBridge }) {
  useLocale();
  const connect = usePerch((s) => s.connect);
  const screen = usePerch((s) => s.screen);
  const directoryAccount = usePerch(directoryAccountOf);
  // While a dialog is open the workspace behind it is inert: no focus, no clicks, hidden from screen readers.
  const writing = useDirectory((s) => s.writing !== null);
  const staleQuestion = useToolkit((s) => s.stale !== null);
  const proxyPrompt = useUpdates((s) => s.proxyPrompts.length > 0);
  const modal =
    usePerch(
      (s) => s.sheet !== null || s.closing !== null || (s.accountsState !== null && !s.accountsState.welcomed),
    ) ||
    writing ||
    staleQuestion ||
    proxyPrompt;
  const initDirectory = useDirectory((s) => s.init);
  const resetDirectory = useDirectory((s) => s.reset);
  const followAccounts = useDirectory((s) => s.followAccounts);
  const loadSavedReplies = useSavedReplies((s) => s.load);
  const followUpdates = useUpdates((s) => s.follow);
  useEffect(() => {
    void connect(bridge).then(() => {
      initDirectory();
      void loadSavedReplies();
    });
  }, [bridge, connect, initDirectory, loadSavedReplies]);
  // Another account on the directory screens: its channels, visitors and leads replace the previous ones.
  useEffect(() => {
    resetDirectory(directoryAccount);
  }, [directoryAccount, resetDirectory]);
  // Every running account's channels, for the sidebar.
  const runningAccounts = usePerch((s) =>
    s.accounts
      .filter(isRunning)
      .map((a) => a.id)
      .join(' '),
  );
  useEffect(() => {
    followAccounts(runningAccounts ? runningAccounts.split(' ') : []);
  }, [runningAccounts, followAccounts]);
  // The window title counts unread conversations, for the taskbar and window switchers.
  const unread = usePerch((s) => s.totals.all);
  useEffect(() => {
    document.title = unread > 0 ? t('app.titleCount', { count: unread }) : 'Perch';
  }, [unread]);
  useEffect(() => installShortcuts(), []);
  useEffect(() => installRecovery(), []);
  useEffect(() => listenToolkit(), [bridge]);
  // Perch's own updates: the Settings section and the sidebar's "Update ready" line follow them.
  useEffect(() => followUpdates(), [bridge, followUpdates]);

  return (
    <>
      <div className="app" inert={modal}>
        {/* Notices take a row of their own above the workspace, never covering what is under them. */}
        <div className="banners">
          <TroubleBanner />
          <ReconnectBanner />
          <DamageBanner />
        </div>
        <Sidebar />
        {screen === 'inbox' ? (
          <>
            <InboxList />
            <ConversationPane />
          </>
        ) : (
          <div className="directory-area">
            {screen === 'visitors' ? <VisitorsScreen /> : screen === 'leads' ? <LeadsScreen /> : <VisitorScreen />}
          </div>
        )}
      </div>
      <HelpSheet />
      <CommandPalette />
      <SettingsDialog />
      <AccountsDialog />
      <DiagnosticsDialog />
      <SavedRepliesDialog />
      <ImageViewer />
      <ProxySignInDialog />
      <ConnectDialog />
      <ConfirmClose />
      <SnoozeMenu />
      <StaleGuard />
      <Notices />
    </>
  );
}

import { useEffect } from 'react';
import type { PerchBridge } from '../../shared/ipc/contract';
import { ConversationPane } from './components/ConversationPane';
import { LeadsScreen, VisitorsScreen } from './components/DirectoryScreens';
import { HelpSheet } from './components/HelpSheet';
import { useDirectory } from './directory-store';
import { InboxList } from './components/InboxList';
import { Sidebar } from './components/Sidebar';
import { useLocale } from './i18n';
import { installShortcuts } from './shortcuts';
import { usePerch } from './store';

export function App({ bridge }: { bridge: PerchBridge }) {
  useLocale();
  const connect = usePerch((s) => s.connect);
  const error = usePerch((s) => s.error);
  const screen = usePerch((s) => s.screen);
  useEffect(() => {
    void connect(bridge).then(() => useDirectory.getState().init());
  }, [bridge, connect]);
  useEffect(() => installShortcuts(), []);

  return (
    <div className="app">
      <Sidebar />
      {screen === 'inbox' ? (
        <>
          <InboxList />
          <ConversationPane />
        </>
      ) : (
        <div className="directory-area">{screen === 'visitors' ? <VisitorsScreen /> : <LeadsScreen />}</div>
      )}
      <HelpSheet />
      {error ? <div className="toast error" role="alert">{error}</div> : null}
    </div>
  );
}

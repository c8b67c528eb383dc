import { useEffect } from 'react';
import type { PerchBridge } from '../../shared/ipc/contract';
import { ConversationPane } from './components/ConversationPane';
import { HelpSheet } from './components/HelpSheet';
import { InboxList } from './components/InboxList';
import { Sidebar } from './components/Sidebar';
import { useLocale } from './i18n';
import { installShortcuts } from './shortcuts';
import { usePerch } from './store';

export function App({ bridge }: { bridge: PerchBridge }) {
  useLocale();
  const connect = usePerch((s) => s.connect);
  const error = usePerch((s) => s.error);
  useEffect(() => {
    void connect(bridge);
  }, [bridge, connect]);
  useEffect(() => installShortcuts(), []);

  return (
    <div className="app">
      <Sidebar />
      <InboxList />
      <ConversationPane />
      <HelpSheet />
      {error ? <div className="toast error" role="alert">{error}</div> : null}
    </div>
  );
}

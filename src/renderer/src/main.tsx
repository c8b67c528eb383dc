import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { connectBridge } from './bridge';
import { followPreferences } from './follow-preferences';
import './styles.css';
import './layout.css';

// The language and theme come from main's settings once the bridge is up (store.connect).
followPreferences();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App bridge={connectBridge()} />
    </StrictMode>,
  );
}

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { connectBridge } from './bridge';
import { applyLocale, applyTheme, readPreferences } from './preferences';
import './styles.css';
import './layout.css';

const preferences = readPreferences();
applyTheme(preferences.theme);
applyLocale(preferences.locale);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App bridge={connectBridge()} />
    </StrictMode>,
  );
}

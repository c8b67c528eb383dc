import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { usePerch, type PerchState } from '../store';

/** How long after the first screen the chunks are fetched, so a dialog opens at once when asked for. */
const PRELOAD_AFTER_MS = 500;

/**
 * Dialogs and screens the first inbox screen does not show live in chunks of their own, so the
 * first script the window parses is small and the first rows come sooner. Each chunk is fetched
 * shortly after the first screen (or when first needed, if sooner); once fetched it renders
 * synchronously, and once needed it stays mounted (its own code decides when it shows), so its
 * state survives closing and reopening exactly as before.
 */
function loadedOnceNeeded<P extends object>(
  load: () => Promise<ComponentType<P>>,
  useNeeded: () => boolean,
): ComponentType<P> {
  let ready: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => (loading ??= load().then((component) => (ready = component)));
  const Loaded = lazy(async () => ({ default: await preload() }));
  return function OnceNeeded(props: P) {
    const needed = useNeeded();
    const [wanted, setWanted] = useState(false);
    // Drawn through the lazy component once, always through it: switching to the loaded one
    // when the chunk is in would mount it anew and lose its state (a form half filled in).
    const throughLazy = useRef(false);
    useEffect(() => {
      const timer = setTimeout(() => void preload().catch(() => {}), PRELOAD_AFTER_MS);
      return () => clearTimeout(timer);
    }, []);
    if (needed && !wanted) setWanted(true);
    if (!needed && !wanted) return null;
    const Ready = ready;
    if (Ready && !throughLazy.current) return <Ready {...props} />;
    throughLazy.current = true;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

const whenPerch = (needed: (s: PerchState) => boolean) => () => usePerch(needed);

export const SettingsDialog = loadedOnceNeeded(
  async () => (await import('../features/settings/SettingsDialog')).SettingsDialog,
  whenPerch((s) => s.sheet === 'settings'),
);
export const AccountsDialog = loadedOnceNeeded(
  async () => (await import('../features/accounts/AccountsDialog')).AccountsDialog,
  whenPerch((s) => s.sheet === 'accounts'),
);
export const CommandPalette = loadedOnceNeeded(
  async () => (await import('../features/palette/CommandPalette')).CommandPalette,
  whenPerch((s) => s.sheet === 'palette'),
);
export const HelpSheet = loadedOnceNeeded(
  async () => (await import('../features/palette/HelpSheet')).HelpSheet,
  whenPerch((s) => s.sheet === 'help'),
);
export const ConnectDialog = loadedOnceNeeded(
  async () => (await import('../features/accounts/ConnectDialog')).ConnectDialog,
  whenPerch((s) => s.sheet === 'connect' || (s.accountsState !== null && !s.accountsState.welcomed)),
);
export const DiagnosticsDialog = loadedOnceNeeded(
  async () => (await import('../features/alerts/DiagnosticsDialog')).DiagnosticsDialog,
  whenPerch((s) => s.sheet === 'diagnostics'),
);
export const SavedRepliesDialog = loadedOnceNeeded(
  async () => (await import('../features/composer/SavedRepliesDialog')).SavedRepliesDialog,
  whenPerch((s) => s.sheet === 'saved-replies'),
);
// The directory screens are mounted only while shown, so they load when first shown.
export const VisitorsScreen = loadedOnceNeeded(
  async () => (await import('../features/directory/DirectoryScreens')).VisitorsScreen,
  () => true,
);
export const LeadsScreen = loadedOnceNeeded(
  async () => (await import('../features/directory/DirectoryScreens')).LeadsScreen,
  () => true,
);
export const VisitorScreen = loadedOnceNeeded(
  async () => (await import('../features/visitor/VisitorScreen')).VisitorScreen,
  () => true,
);

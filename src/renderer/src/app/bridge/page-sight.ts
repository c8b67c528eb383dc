/** What the page says of itself to the browser host: whether its tab is shown and its window has the focus. */
export interface PageSight {
  visible: boolean;
  focused: boolean;
}

/**
 * Tells the browser host, through `send`, whenever the tab is shown or put away, the window
 * gains or loses the focus, or the page is leaving: there, as Electron's window events do in
 * Electron, this decides whether the agent sees the conversation open here. Returns the
 * function that stops it.
 */
export function reportPageSight(send: (sight: PageSight) => void, win: Window = window): () => void {
  const doc = win.document;
  let last = '';
  const report = (leaving = false) => {
    const sight = leaving
      ? { visible: false, focused: false }
      : { visible: doc.visibilityState === 'visible', focused: doc.hasFocus() };
    const said = `${sight.visible} ${sight.focused}`;
    if (said === last) return;
    last = said;
    send(sight);
  };
  const now = () => report();
  const leaving = () => report(true);
  doc.addEventListener('visibilitychange', now);
  win.addEventListener('focus', now);
  win.addEventListener('blur', now);
  win.addEventListener('pageshow', now);
  win.addEventListener('pagehide', leaving);
  report();
  return () => {
    doc.removeEventListener('visibilitychange', now);
    win.removeEventListener('focus', now);
    win.removeEventListener('blur', now);
    win.removeEventListener('pageshow', now);
    win.removeEventListener('pagehide', leaving);
  };
}

/** Global shortcuts as keys pressed and as the agent reads them; Electron's accelerator in between. */

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

const NAMED: Record<string, string> = {
  Space: 'Space',
  Enter: 'Enter',
  NumpadEnter: 'Enter',
  Tab: 'Tab',
  Backspace: 'Backspace',
  Delete: 'Delete',
  Insert: 'Insert',
  Home: 'Home',
  End: 'End',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
};

/** The key of a key press as an accelerator names it (by position, so the layout does not matter), or null for one it cannot use. */
function keyOf(code: string): string | null {
  const letter = /^Key([A-Z])$/.exec(code);
  if (letter) return letter[1]!;
  const digit = /^(?:Digit|Numpad)(\d)$/.exec(code);
  if (digit) return digit[1]!;
  if (/^F([1-9]|1\d|2[0-4])$/.test(code)) return code;
  return NAMED[code] ?? null;
}

export interface PressedKeys {
  code: string;
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
}

/**
 * The accelerator of a key press: `null` while only modifiers are down (the agent is still
 * pressing), `''` for a key no shortcut can use. Ctrl (Cmd on a Mac) is written
 * CommandOrControl, so the shortcut means the same on every system.
 */
export function acceleratorOf(event: PressedKeys): string | null {
  if (['Control', 'Shift', 'Alt', 'Meta', 'AltGraph', 'OS'].includes(event.key)) return null;
  const key = keyOf(event.code);
  if (!key) return '';
  const mac = isMac();
  const parts: string[] = [];
  if (mac ? event.metaKey : event.ctrlKey) parts.push('CommandOrControl');
  if (mac && event.ctrlKey) parts.push('Control');
  if (event.altKey) parts.push('Alt');
  if (event.shiftKey) parts.push('Shift');
  if (!mac && event.metaKey) parts.push('Super');
  return [...parts, key].join('+');
}

/** An accelerator as the agent reads it: Ctrl+Shift+P (Cmd on a Mac). */
export function shortcutLabel(accelerator: string): string {
  const mac = isMac();
  const names: Record<string, string> = {
    commandorcontrol: mac ? 'Cmd' : 'Ctrl',
    cmdorctrl: mac ? 'Cmd' : 'Ctrl',
    control: 'Ctrl',
    ctrl: 'Ctrl',
    command: 'Cmd',
    cmd: 'Cmd',
    alt: mac ? 'Option' : 'Alt',
    option: 'Option',
    shift: 'Shift',
    super: mac ? 'Cmd' : 'Super',
    meta: mac ? 'Cmd' : 'Super',
  };
  return accelerator
    .split('+')
    .map((part) => names[part.toLowerCase()] ?? (part.length === 1 ? part.toUpperCase() : part))
    .join('+');
}

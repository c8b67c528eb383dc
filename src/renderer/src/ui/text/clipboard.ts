/**
 * Copies text; where the clipboard API is refused, through a selected text area, after which the
 * focus goes back where it was (selecting the area took it).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const focused = document.activeElement;
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    if (focused instanceof HTMLElement) focused.focus();
    return copied;
  }
}

import { createPortal } from 'react-dom';
import { useNoticeDock } from '../store/notice-dock';
import { UndoNotices } from '../features/conversation/UndoNotices';
import { Toasts } from './Toasts';

/** The Undo notices and the passing toast, one stack above the composer (store/notice-dock.ts). */
export function Notices() {
  const dock = useNoticeDock((s) => s.dock);
  const stack = (
    <div className={dock ? 'notices docked' : 'notices'}>
      <UndoNotices />
      <Toasts />
    </div>
  );
  return dock ? createPortal(stack, dock) : stack;
}

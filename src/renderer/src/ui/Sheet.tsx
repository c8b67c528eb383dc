import type { ReactNode } from 'react';

/**
 * A modal dialog over the workspace (which is inert behind it, see App.tsx): a click on the
 * backdrop closes it when it may be closed, and Escape too where the dialog handles it itself.
 * Named by its visible title (`labelledBy`) or, without one, by `label`.
 */
export function Sheet({
  className,
  backdropClassName,
  labelledBy,
  describedBy,
  label,
  role = 'dialog',
  onClose,
  onEscape,
  children,
}: {
  className: string;
  backdropClassName?: string;
  labelledBy?: string;
  describedBy?: string;
  label?: string;
  /** An alertdialog asks something that needs an answer before anything else happens. */
  role?: 'dialog' | 'alertdialog';
  /** Absent: the backdrop does not close the sheet (a choice that must be made). */
  onClose?: () => void;
  onEscape?: () => void;
  children: ReactNode;
}) {
  return (
    <div className={backdropClassName ? `sheet-backdrop ${backdropClassName}` : 'sheet-backdrop'} onClick={onClose}>
      <div
        className={className}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-label={label}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={
          onEscape
            ? (e) => {
                if (e.key === 'Escape') onEscape();
              }
            : undefined
        }
      >
        {children}
      </div>
    </div>
  );
}

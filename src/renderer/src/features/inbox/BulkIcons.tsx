import type { ReactNode } from 'react';

/** The bulk bar's icons, drawn inline (no icon font): each control they stand on carries its name. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      className="bulk-icon"
      width="16"
      height="16"
      viewBox="0 0 16 16"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

const person = (
  <>
    <circle cx="6.5" cy="5" r="2.6" />
    <path d="M1.8 14c.6-2.8 2.5-4.3 4.7-4.3s4.1 1.5 4.7 4.3" />
  </>
);

export const CloseIcon = () => (
  <Icon>
    <path d="M2.5 8.5l3.5 3.5 7.5-8" />
  </Icon>
);

export const AssignMeIcon = () => (
  <Icon>
    {person}
    <path d="M11.5 6.5l1.5 1.5 2.5-3" />
  </Icon>
);

export const AssignToIcon = () => (
  <Icon>
    {person}
    <path d="M11 5h4M13.5 3.3L15 5l-1.5 1.7" />
  </Icon>
);

export const UnassignIcon = () => (
  <Icon>
    {person}
    <path d="M11.5 3.5l3.5 3.5M15 3.5L11.5 7" />
  </Icon>
);

export const SnoozeIcon = () => (
  <Icon>
    <circle cx="8" cy="8.5" r="5.8" />
    <path d="M8 5.5v3.2l2 1.6" />
  </Icon>
);

export const WakeIcon = () => (
  <Icon>
    <path d="M4 11.5V7.2a4 4 0 0 1 8 0v4.3l1.2 1.3H2.8z" />
    <path d="M6.6 14.6h2.8" />
  </Icon>
);

export const ClearIcon = () => (
  <Icon>
    <path d="M4 4l8 8M12 4l-8 8" />
  </Icon>
);

import { useId } from 'react';

/** Perch's mark, the shape scripts/make-icons.mjs draws for the app icon: a speech bubble on a blue→violet tile. */
export function Logo({ size = 24 }: { size?: number }) {
  const gradient = `${useId()}-tile`;
  return (
    <svg className="logo" width={size} height={size} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2e6ef5" />
          <stop offset="1" stopColor="#7a5cf5" />
        </linearGradient>
      </defs>
      <rect x="4" y="4" width="92" height="92" rx="16" fill={`url(#${gradient})`} />
      <circle cx="50" cy="46" r="24" fill="#fff" />
      <rect x="28" y="58" width="16" height="16" rx="2" fill="#fff" />
      <g fill={`url(#${gradient})`}>
        <circle cx="39" cy="46" r="3.5" />
        <circle cx="50" cy="46" r="3.5" />
        <circle cx="61" cy="46" r="3.5" />
      </g>
    </svg>
  );
}

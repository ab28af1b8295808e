import type { SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'dangerouslySetInnerHTML'> & { size?: number };

/**
 * Inline icons (no icon font, no emoji font needed on the phone). Decorative unless labelled.
 * Each icon's shapes are fixed markup written into its <svg> as they are: one element for React
 * to draw instead of three to five (a listing page has some twenty icons, and every element drawn
 * on the server costs its CPU; docs/performance.md). Only the constant strings below go there.
 */
function icon(shapes: string) {
  const html = { __html: shapes };
  return function Icon({ size = 24, ...rest }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
        dangerouslySetInnerHTML={html}
      />
    );
  };
}

export const HomeIcon = icon('<path d="M3 11 12 4l9 7"/><path d="M5 10v10h5v-6h4v6h5V10"/>');

export const KeyIcon = icon('<circle cx="8" cy="15" r="4"/><path d="m11 12 9-9M17 6l3 3M15 8l2 2"/>');

export const HandshakeIcon = icon(
  '<path d="m11 17 2 2a1 1 0 0 0 1.4 0l4.6-4.6a2 2 0 0 0 0-2.8L15 7.6a2 2 0 0 0-2.8 0L10 9.8"/><path d="M3 12 7 8l3 3-2 2a1.4 1.4 0 0 0 2 2l3-3"/><path d="M2 11 6 7M22 11l-4-4"/>',
);

export const LockIcon = icon('<rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/>');

export const UnlockIcon = icon('<rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 7.5-2"/>');

export const PhoneIcon = icon('<path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2"/>');

export const MessageIcon = icon('<path d="M21 15a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/>');

export const FlagIcon = icon('<path d="M4 22V4M4 4h13l-2 4 2 4H4"/>');

export const ShieldIcon = icon('<path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z"/><path d="m9 12 2 2 4-4"/>');

export const BedIcon = icon('<path d="M3 18V6M3 14h18v4M21 14v-3a3 3 0 0 0-3-3h-7v6"/><circle cx="7" cy="10" r="2"/>');

export const BathIcon = icon('<path d="M4 12h16v3a4 4 0 0 1-4 4H8a4 4 0 0 1-4-4zM6 12V5a2 2 0 0 1 4 0M7 19l-1 2M17 19l1 2"/>');

export const AreaIcon = icon('<rect x="3" y="3" width="18" height="18" rx="1"/><path d="M3 9h6V3M15 21v-6h6"/>');

export const PinIcon = icon('<path d="M12 21s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12z"/><circle cx="12" cy="9" r="2.5"/>');

export const WalletIcon = icon('<path d="M3 7a2 2 0 0 1 2-2h13v4"/><rect x="3" y="7" width="18" height="13" rx="2"/><circle cx="16.5" cy="13.5" r="1.5"/>');

export const CameraIcon = icon('<path d="M4 8h3l2-3h6l2 3h3v11H4z"/><circle cx="12" cy="13" r="3.5"/>');

export const CheckIcon = icon('<path d="m5 12 5 5 9-10"/>');

/** Data saver: signal bars, only the first one full. */
export const DataSaverIcon = icon(
  '<path d="M5 20v-4"/><path d="M10 20v-8" stroke-opacity="0.45"/><path d="M15 20v-12" stroke-opacity="0.45"/><path d="M20 20V4" stroke-opacity="0.45"/>',
);

/** Telegram's paper plane. */
export const PaperPlaneIcon = icon('<path d="M21 4 3 11l6 2 2 6 3-4 5 4z"/><path d="m9 13 12-9"/>');

export const BellIcon = icon('<path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9"/><path d="M10.3 21a1.94 1.94 0 0 0 3.4 0"/>');

export const BookmarkPlusIcon = icon('<path d="M19 21l-7-4-7 4V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z"/><path d="M12 7v6M9 10h6"/>');

export const ChartIcon = icon('<path d="M4 20V10M10 20V4M16 20v-7M22 20H2"/>');

export const StarIcon = icon('<path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z"/>');

export const ShareIcon = icon(
  '<circle cx="18" cy="5" r="3"/><circle cx="6" cy="12" r="3"/><circle cx="18" cy="19" r="3"/><path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4"/>',
);

export const SlidersIcon = icon(
  '<path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0"/><circle cx="16" cy="6" r="2"/><circle cx="10" cy="12" r="2"/><circle cx="18" cy="18" r="2"/>',
);

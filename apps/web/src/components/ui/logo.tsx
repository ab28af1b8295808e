/** The Betoch mark: a green house on a gold tile. Decorative; the link around it carries the name. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#f2b632" />
      <path d="M14 32 32 16l18 16v18a2 2 0 0 1-2 2H38V38H26v14H16a2 2 0 0 1-2-2z" fill="#0d4f2f" />
    </svg>
  );
}

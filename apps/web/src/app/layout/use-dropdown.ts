import { useEffect, useId, useRef, useState } from 'react';

/**
 * A disclosure menu's state: open/closed, closed again by a click outside or by Escape (which
 * returns focus to the button). Spread `buttonProps` on the toggle and put `rootRef` on the wrapper.
 */
export function useDropdown() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return {
    open,
    close: () => setOpen(false),
    menuId,
    rootRef,
    buttonProps: {
      ref: buttonRef,
      'aria-haspopup': 'true' as const,
      'aria-expanded': open,
      'aria-controls': menuId,
      onClick: () => setOpen((v) => !v),
    },
  };
}

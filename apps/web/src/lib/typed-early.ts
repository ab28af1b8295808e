import { useEffect, type RefObject } from 'react';

/**
 * A field of a page drawn by the server may be typed in before the app starts: the browser keeps
 * the text in the box, but the component's state began empty (the server's). Once the app is live
 * the state starts from what the field holds, so the text counts (a Send button enables, a search
 * runs) and is not typed twice.
 */
export function useTypedBeforeStart(field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>, state: string, set: (value: string) => void): void {
  useEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined && typed !== state) set(typed);
    // Once, as the app starts: later changes reach the state through the field's onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

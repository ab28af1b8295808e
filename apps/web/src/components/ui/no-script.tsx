import { useContext, type ReactNode } from 'react';
import { KeptMarkup } from '@/lib/kept-markup';

/**
 * What a phone without JavaScript shows in place of a control that needs it. A browser that runs
 * the page's code never shows a <noscript>'s content, and React neither draws nor hydrates it, so
 * only the server's HTML carries it. `kept`: the content is the same on every page in a language
 * (it reads nothing of the page: no address, no listing), so the server draws it once per
 * language and writes that HTML on every page, instead of drawing its elements again each time
 * (docs/performance.md, 'Figures behind choices in the code').
 */
export function NoScript({ children, kept }: { children: ReactNode; kept?: string }) {
  const keep = useContext(KeptMarkup);
  if (kept && keep) return <noscript dangerouslySetInnerHTML={{ __html: keep(kept, children) }} />;
  return <noscript>{children}</noscript>;
}

import { createContext, type ReactNode } from 'react';

/**
 * On the server alone (entry-server.tsx provides it): draws a part of the page that the browser
 * never draws nor hydrates (a <noscript>'s content) into HTML, once per language and key, and
 * answers the HTML kept since. Absent in the browser.
 */
export type KeepMarkup = (key: string, part: ReactNode) => string;

export const KeptMarkup = createContext<KeepMarkup | null>(null);

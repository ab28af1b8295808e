import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { CONTACT_MASK } from '@betoch/contracts/constants';
import { createTestI18n } from '@/test/i18n';
import { translateContactMask, useListingText } from './contact-mask';

describe('translateContactMask', () => {
  it('replaces every marker and leaves other text alone', () => {
    const text = `Call ${CONTACT_MASK} or write to ${CONTACT_MASK}.`;
    expect(translateContactMask(text, '[hidden]')).toBe('Call [hidden] or write to [hidden].');
    expect(translateContactMask('15,000 birr a month', '[hidden]')).toBe('15,000 birr a month');
  });
});

describe('useListingText', () => {
  it("shows the marker in the reader's language", () => {
    const expected = { en: '[contact hidden – use the contact button]', am: '[የመገኛ መረጃ ተደብቋል – የመገናኛ ቁልፉን ይጠቀሙ]' };
    for (const lng of ['en', 'am'] as const) {
      const i18n = createTestI18n(lng);
      const { result } = renderHook(() => useListingText(), { wrapper: ({ children }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider> });
      expect(result.current(`Call ${CONTACT_MASK} today`)).toBe(`Call ${expected[lng]} today`);
    }
  });
});

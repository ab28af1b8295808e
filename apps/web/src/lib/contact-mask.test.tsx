import { describe, expect, it } from 'vitest';
import { CONTACT_MASK } from '@betoch/contracts/conversations';
import { translateContactMask } from './contact-mask';

describe('translateContactMask', () => {
  it('replaces every marker and leaves other text alone', () => {
    const text = `Call ${CONTACT_MASK} or write to ${CONTACT_MASK}.`;
    expect(translateContactMask(text, '[hidden]')).toBe('Call [hidden] or write to [hidden].');
    expect(translateContactMask('15,000 birr a month', '[hidden]')).toBe('15,000 birr a month');
  });
});

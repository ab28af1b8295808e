import { describe, expect, it } from 'vitest';
import { readInboxState, withoutMessageSent } from './inbox-state';

describe('readInboxState', () => {
  it("reads the owner's listing filter and the message-sent flag", () => {
    expect(readInboxState({ listingId: ' L1 ', listingTitle: 'Flat in Bole', messageSent: true })).toEqual({
      listingId: 'L1',
      listingTitle: 'Flat in Bole',
      messageSent: true,
    });
  });

  it('ignores anything else', () => {
    expect(readInboxState(null)).toEqual({ messageSent: false });
    expect(readInboxState('x')).toEqual({ messageSent: false });
    expect(readInboxState({ listingId: 7, messageSent: 'yes' })).toEqual({ messageSent: false });
    expect(readInboxState({ listingTitle: 'Title without an id' })).toEqual({ messageSent: false });
  });

  it('drops only the one-time banner', () => {
    expect(withoutMessageSent({ messageSent: true })).toBeNull();
    expect(withoutMessageSent({ messageSent: true, listingId: 'L1' })).toEqual({ listingId: 'L1' });
  });
});

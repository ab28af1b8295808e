import { describe, expect, it } from 'vitest';
import { summary } from '../test/fixtures';
import { byLatestActivity, counterpartName, isLockedForViewer, lastMessageView } from './conversation-view';

const ownerReply = { body_text: '', role: 'owner' as const, blurred: true, masked: false, mine: false, createdAt: '2026-11-22T09:00:00.000Z' };

describe('lastMessageView (inbox row)', () => {
  it("asks a locked tenant to unlock when the last message is the owner's hidden reply", () => {
    expect(lastMessageView(summary({ owner_has_replied: true, last_message: ownerReply }))).toEqual({ kind: 'locked' });
  });

  it("shows the tenant's own last message even while replies are locked", () => {
    expect(lastMessageView(summary({ owner_has_replied: true }))).toEqual({ kind: 'text', text: 'Is it still available?' });
  });

  it('shows the reply once unlocked, and to the owner', () => {
    const reply = { ...ownerReply, blurred: false, body_text: 'Yes, come on Saturday.' };
    expect(lastMessageView(summary({ is_reply_unlocked: true, owner_has_replied: true, last_message: reply }))).toEqual({
      kind: 'text',
      text: 'Yes, come on Saturday.',
    });
    expect(lastMessageView(summary({ viewer_role: 'owner', owner_has_replied: true, last_message: { ...reply, mine: true } }))).toEqual({
      kind: 'text',
      text: 'Yes, come on Saturday.',
    });
  });

  it("says 'Message' for an empty body and 'No messages yet' when there is none", () => {
    expect(lastMessageView(summary({ last_message: { ...summary().last_message!, body_text: '  ' } }))).toEqual({ kind: 'empty' });
    expect(lastMessageView(summary({ last_message: null }))).toEqual({ kind: 'none' });
  });
});

describe('isLockedForViewer', () => {
  it('marks a tenant whose owner has replied and who has not unlocked', () => {
    expect(isLockedForViewer(summary({ owner_has_replied: true }))).toBe(true);
    expect(isLockedForViewer(summary({ owner_has_replied: true, is_reply_unlocked: true }))).toBe(false);
    expect(isLockedForViewer(summary({ owner_has_replied: false }))).toBe(false);
    expect(isLockedForViewer(summary({ owner_has_replied: true, viewer_role: 'owner' }))).toBe(false);
  });
});

describe('counterpartName', () => {
  it('names the owner for the tenant and the tenant for the owner', () => {
    expect(counterpartName(summary())).toBe('Abebe Kebede');
    expect(counterpartName(summary({ viewer_role: 'owner' }))).toBe('Hana Tesfaye');
    expect(counterpartName(summary({ participants: { tenant_phone: null, tenant_name: null, owner_name: '  ' } }))).toBeNull();
  });
});

describe('byLatestActivity', () => {
  it('puts the latest activity first', () => {
    const a = summary({ _id: 'a', updatedAt: '2026-11-20T08:00:00.000Z' });
    const b = summary({ _id: 'b', updatedAt: '2026-11-22T08:00:00.000Z' });
    const c = summary({ _id: 'c', updatedAt: '2026-11-21T08:00:00.000Z' });
    expect(byLatestActivity([a, b, c]).map((x) => x._id)).toEqual(['b', 'c', 'a']);
  });
});

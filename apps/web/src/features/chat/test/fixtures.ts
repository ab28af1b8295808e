import type { TConversationSummary, TMessage, TMessagesAnswer } from '@betoch/contracts/conversations';

export const CONVERSATION_ID = '22222222-2222-4222-8222-222222222222';
export const LISTING_ID = '11111111-1111-4111-8111-111111111111';

const photo = {
  url: '/media/p1/640.webp',
  key: 'p1',
  width: 640,
  height: 427,
  sizes: [{ width: 320, height: 213, url: '/media/p1/320.webp' }],
  placeholder: 'data:image/webp;base64,AAAA',
};

/** An inbox row as GET /conversations answers it, seen by the tenant. */
export function summary(overrides: Partial<TConversationSummary> = {}): TConversationSummary {
  return {
    _id: CONVERSATION_ID,
    conversation_id: CONVERSATION_ID,
    listing_id: {
      _id: LISTING_ID,
      title: '2-Bedroom Apartment near Edna Mall',
      title_generated: false,
      type: 'apartment',
      bedrooms: 2,
      subcity: 'Bole',
      price_etb: 25000,
      photos: [photo],
    },
    participants: { tenant_phone: '+251911223344', tenant_name: 'Hana Tesfaye', owner_name: 'Abebe Kebede' },
    viewer_role: 'tenant',
    is_reply_unlocked: false,
    owner_has_replied: false,
    unread_count: 0,
    last_message: { body_text: 'Is it still available?', role: 'tenant', blurred: false, masked: false, mine: true, createdAt: '2026-11-22T08:00:00.000Z' },
    createdAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}

let next = 0;
export function message(overrides: Partial<TMessage> = {}): TMessage {
  next += 1;
  return {
    _id: `m${next}`,
    role: 'tenant',
    body_text: 'Is it still available?',
    blurred: false,
    masked: false,
    mine: true,
    createdAt: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}

/** The owner's reply as a tenant who has not unlocked sees it: no words at all. */
export function blurredOwnerMessage(overrides: Partial<TMessage> = {}): TMessage {
  return message({ role: 'owner', body_text: '', blurred: true, mine: false, ...overrides });
}

export function threadAnswer(messages: TMessage[], conversation: Partial<TConversationSummary> = {}): TMessagesAnswer {
  const c = summary(conversation);
  return { ok: true, conversation: c, messages, is_reply_unlocked: c.is_reply_unlocked, truncated: false };
}

import { type TConversationSummary, type TLastMessage, type TMessage, type TViewerRole } from '@betoch/contracts/conversations';
import { maskName, maskText, publicTitle } from '../listings/listing-text-masking.ts';
import { toPhotoAnswer, type PhotoUrlFor } from '../uploads/photo-view.ts';
import type { ConversationRole } from './conversations.repository.ts';
import type { ConversationSummaryRow } from './conversation-history.ts';

/**
 * What the reader may see of a conversation:
 * - a participant always sees their own messages as written;
 * - the tenant sees the owner's messages only once replies are unlocked (blurred before, no text);
 * - contact details written by the other side are masked until the tenant has paid for the
 *   listing's contact (the owner's too: tenants' numbers are not handed out for free either);
 * - an admin reading for moderation sees everything as written.
 */
export interface Reader {
  role: TViewerRole;
  replyUnlocked: boolean;
  contactUnlocked: boolean;
}

interface StoredMessage {
  role: ConversationRole;
  body: string;
  /** Masked when written; null only for a row the start has not masked yet. */
  bodyMasked: string | null;
  createdAt: Date;
}

function readable(message: StoredMessage, reader: Reader): Omit<TMessage, '_id'> {
  const base = { role: message.role, createdAt: message.createdAt.toISOString() };
  const mine = message.role === reader.role;
  if (mine || reader.role === 'admin') return { ...base, body_text: message.body, blurred: false, masked: false, mine };
  if (reader.role === 'tenant' && message.role === 'owner' && !reader.replyUnlocked) {
    return { ...base, body_text: '', blurred: true, masked: false, mine: false };
  }
  if (reader.contactUnlocked) return { ...base, body_text: message.body, blurred: false, masked: false, mine: false };
  const masked = message.bodyMasked ?? maskText(message.body);
  return { ...base, body_text: masked, blurred: false, masked: masked !== message.body, mine: false };
}

export function toMessageAnswer(message: StoredMessage & { id: string }, reader: Reader): TMessage {
  return { _id: message.id, ...readable(message, reader) };
}

function lastMessageAnswer(message: StoredMessage, reader: Reader): TLastMessage {
  return readable(message, reader);
}

/** A name is the other side's free text too: masked like a message until the contact is paid for. */
function nameFor(name: string | null, nameOf: ConversationRole, reader: Reader): string | null {
  if (name === null || reader.role === 'admin' || reader.role === nameOf || reader.contactUnlocked) return name;
  return maskName(name);
}

export function toConversationSummary(row: ConversationSummaryRow, reader: Reader, urlFor: PhotoUrlFor): TConversationSummary {
  const c = row.conversation;
  return {
    _id: c.id,
    conversation_id: c.id,
    listing_id: row.listing
      ? {
          _id: row.listing.id,
          // The listing's poster (the owner) and admins read its title as written; the tenant masked.
          title: reader.role === 'tenant' ? publicTitle(row.listing) : row.listing.title,
          title_generated: row.listing.titleGenerated,
          type: row.listing.type,
          bedrooms: row.listing.bedrooms,
          subcity: row.listing.subcity,
          price_etb: row.listing.priceEtb,
          photos: row.listing.photos.slice(0, 1).map((p) => toPhotoAnswer(p, urlFor)),
        }
      : null,
    participants: {
      // The tenant's own number (and for moderation); the owner never gets it, and no one gets the owner's.
      tenant_phone: reader.role === 'owner' || row.tenant.deleted ? null : row.tenant.phone,
      tenant_name: nameFor(row.tenant.name, 'tenant', reader),
      owner_name: nameFor(row.owner.name, 'owner', reader),
      tenant_deleted: row.tenant.deleted,
      owner_deleted: row.owner.deleted,
      ...(row.owner.verified ? { owner_verified: true as const } : {}),
    },
    viewer_role: reader.role,
    is_reply_unlocked: reader.replyUnlocked,
    owner_has_replied: c.ownerRepliedAt !== null,
    unread_count: reader.role === 'tenant' ? c.tenantUnread : reader.role === 'owner' ? c.ownerUnread : 0,
    last_message: row.last ? lastMessageAnswer(row.last, reader) : null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.lastMessageAt.toISOString(),
  };
}

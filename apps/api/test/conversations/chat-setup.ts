import { createListingsTestApp, createLiveListing, type ListingOverrides } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { chat, type ChatCalls } from './chat-calls.ts';

/** What a chat test file starts from: an app with the listing routes, its chat calls, and a landlord's live listing. */
export interface ChatSetup {
  t: TestApp;
  c: ChatCalls;
  owner: SignedIn;
  listingId: string;
}

export async function setUpChat(ownerName?: string, listing: ListingOverrides = {}): Promise<ChatSetup> {
  const t = await createListingsTestApp();
  const c = chat(t);
  const owner = await signUp(t, { userType: 'landlord', name: ownerName });
  const listingId = (await createLiveListing(t, owner, listing))._id;
  return { t, c, owner, listingId };
}

import { expect } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TConversationSummary, TMessagesAnswer, TReplyAnswer, TStartConversationAnswer, TUnlockReplyAnswer } from '@betoch/contracts/conversations';
import type { SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';

/** Every answer a user received in a test, so a scan can look for what must never reach them. */
export class AnswerLog {
  private readonly bodies: string[] = [];
  add(res: LightMyRequestResponse | string): void {
    this.bodies.push(typeof res === 'string' ? res : res.body);
  }
  get all(): string {
    return this.bodies.join('\n');
  }
  get count(): number {
    return this.bodies.length;
  }
}

export function chat(t: TestApp, log?: AnswerLog) {
  const call = async (user: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: InjectOptions['payload']) => {
    const res = await t.request({ method, url, headers: user ? user.auth : {}, ...(payload === undefined ? {} : { payload }) });
    log?.add(res);
    return res;
  };
  return {
    startRaw: (user: SignedIn | null, listingId: string, text: string | number | undefined) =>
      call(user, 'POST', '/api/conversations', { listing_id: listingId, initial_message: text }),
    async start(user: SignedIn, listingId: string, text: string): Promise<TStartConversationAnswer> {
      const res = await call(user, 'POST', '/api/conversations', { listing_id: listingId, initial_message: text });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TStartConversationAnswer;
    },
    replyRaw: (user: SignedIn | null, id: string, body: string) => call(user, 'POST', `/api/conversations/${id}/reply`, { body }),
    async reply(user: SignedIn, id: string, body: string): Promise<TReplyAnswer> {
      const res = await call(user, 'POST', `/api/conversations/${id}/reply`, { body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TReplyAnswer;
    },
    threadRaw: (user: SignedIn | null, id: string) => call(user, 'GET', `/api/conversations/${id}/messages`),
    async thread(user: SignedIn, id: string): Promise<TMessagesAnswer> {
      const res = await call(user, 'GET', `/api/conversations/${id}/messages`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TMessagesAnswer;
    },
    inboxRaw: (user: SignedIn | null, query = '') => call(user, 'GET', `/api/conversations${query}`),
    async inbox(user: SignedIn, query = ''): Promise<TConversationSummary[]> {
      const res = await call(user, 'GET', `/api/conversations${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().conversations as TConversationSummary[];
    },
    unlockRaw: (user: SignedIn | null, id: string) => call(user, 'POST', `/api/conversations/${id}/unlock-first-reply`),
    async unlock(user: SignedIn, id: string): Promise<TUnlockReplyAnswer> {
      const res = await call(user, 'POST', `/api/conversations/${id}/unlock-first-reply`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TUnlockReplyAnswer;
    },
    async unread(user: SignedIn): Promise<number> {
      const res = await call(user, 'GET', '/api/conversations/unread-count');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().count as number;
    },
  };
}

export type ChatCalls = ReturnType<typeof chat>;

/** The ways a phone may be spelled in an answer: +2519..., 2519..., 09..., 9... */
export function phoneForms(phone: string): string[] {
  const national = phone.replace(/^\+251/, '');
  return [phone, phone.slice(1), `0${national}`, national];
}

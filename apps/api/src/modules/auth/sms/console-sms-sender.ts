import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from './sms-sender.ts';

/** The messages a demo server keeps per phone (the newest last), so the demo can show them. */
const INBOX_PER_PHONE = 20;
const INBOX_PHONES = 2_000;

/**
 * Demo mode: nothing is sent. The log line names the phone's tail only and never the text, so
 * codes stay out of the logs even here (the demo shows the code on screen instead). The last
 * messages to each phone are kept in memory: the demo's own inbox (GET /demo/sms, the signed-in
 * user's phone only) shows a poster the links a real SMS would carry.
 */
export class ConsoleSmsSender implements SmsSender {
  readonly name = 'console';
  private readonly inbox = new Map<string, Array<{ text: string; at: Date }>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  async send(phone: string, text: string): Promise<void> {
    this.log.info({ to: `…${phone.slice(-4)}`, chars: text.length }, 'sms (demo): not sent');
    const kept = this.inbox.get(phone) ?? [];
    this.inbox.delete(phone);
    kept.push({ text, at: new Date() });
    this.inbox.set(phone, kept.slice(-INBOX_PER_PHONE));
    if (this.inbox.size > INBOX_PHONES) this.inbox.delete(this.inbox.keys().next().value!);
  }

  /** The messages to one phone, newest first. */
  messagesTo(phone: string): Array<{ text: string; at: Date }> {
    return [...(this.inbox.get(phone) ?? [])].reverse();
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from './sms-sender.ts';

/**
 * Demo mode: nothing is sent. The log line names the phone's tail only and never the text, so
 * codes stay out of the logs even here (the demo shows the code on screen instead).
 */
export class ConsoleSmsSender implements SmsSender {
  readonly name = 'console';

  constructor(private readonly log: FastifyBaseLogger) {}

  async send(phone: string, text: string): Promise<void> {
    this.log.info({ to: `…${phone.slice(-4)}`, chars: text.length }, 'sms (demo): not sent');
  }
}

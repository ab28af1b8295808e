/** Sends one text message. The only way a sign-in code leaves the server in production. */
export interface SmsSender {
  readonly name: string;
  send(phone: string, text: string): Promise<void>;
}

export class SmsDeliveryError extends Error {}

import type { BotApi } from './bot-api-client.ts';

/**
 * Demo mode without a token (docs/telegram.md): the Bot API as a stand-in inside the server. Every
 * call is taken as Telegram takes it (a message id for a sent message, true otherwise) and nothing
 * leaves the server; what the bot sent stays in the send queue, where the demo shows it (/account).
 */
export function createInProcessBotApi(): BotApi & { answerTo(callbackQueryId: string): string | undefined } {
  let messageId = 1000;
  // What the bot answered to a button press (answerCallbackQuery is not queued): the last 200.
  const answers = new Map<string, string>();
  return {
    answerTo: (id) => answers.get(id),
    async call(method, params) {
      if (method === 'answerCallbackQuery') {
        const { callback_query_id: id, text } = params as { callback_query_id: string; text?: string };
        answers.set(id, text ?? '');
        if (answers.size > 200) answers.delete(answers.keys().next().value!);
        return true;
      }
      if (method === 'sendMessage' || method === 'sendPhoto' || method === 'editMessageCaption') {
        messageId += 1;
        const chatId = (params as { chat_id: number | string }).chat_id;
        return { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: chatId } };
      }
      return true;
    },
  };
}

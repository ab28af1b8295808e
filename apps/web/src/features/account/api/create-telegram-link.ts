import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZTelegramLinkRequest } from '@betoch/contracts/telegram';
import { telegramCalls } from '@betoch/contracts/routes/telegram';
import { callApi } from '@/lib/api-client';

/** POST /account/telegram/link: a one-time link that opens the bot (10 minutes). */
export function createTelegramLink(body: z.input<typeof ZTelegramLinkRequest>) {
  return callApi(telegramCalls.createTelegramLink, { body });
}

export function useCreateTelegramLink() {
  return useMutation({ mutationFn: createTelegramLink });
}

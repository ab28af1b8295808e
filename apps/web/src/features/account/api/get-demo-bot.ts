import { useQuery } from '@tanstack/react-query';
import { demoCalls } from '@betoch/contracts/routes/demo';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './query-keys';

/** GET /demo/telegram (demo mode's built-in bot): what the bot sent to this account, newest first. */
export function getDemoBot() {
  return callApi(demoCalls.telegram);
}

/** Asked again every 3 seconds while shown: the bot's messages come as things happen. */
export function useDemoBot() {
  return useQuery({ queryKey: accountKeys.demoBot, queryFn: getDemoBot, refetchInterval: 3000 });
}

import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A call that changes data, after which the queries under `reloads` load again: once it succeeded,
 * or with `settled` after any answer (a refused call may mean the list moved on). The call counts
 * as done once they have loaded again, or at once with `background` (the reload runs behind it).
 */
export function useReloadingMutation<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  reloads: QueryKey[],
  { settled = false, background = false }: { settled?: boolean; background?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const reload = () => {
    const done = Promise.all(reloads.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    return background ? undefined : done;
  };
  return useMutation({ mutationFn, ...(settled ? { onSettled: reload } : { onSuccess: reload }) });
}

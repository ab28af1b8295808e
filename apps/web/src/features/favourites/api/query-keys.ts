/** Query keys of the favourites calls, per signed-in user (another account never sees these). */
export const favouriteKeys = {
  all: ['favourites'] as const,
  ids: (user: string) => ['favourites', 'ids', user] as const,
  list: (user: string) => ['favourites', 'list', user] as const,
};

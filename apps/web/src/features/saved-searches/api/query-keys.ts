/** Query cache keys of the saved-searches feature. */
export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  telegram: ['saved-searches', 'telegram'] as const,
};

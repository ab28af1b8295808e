export const accountKeys = {
  overview: ['account', 'overview'] as const,
};

export const accountKeys = {
  overview: ['account', 'overview'] as const,
  telegram: ['account', 'telegram'] as const,
  demoBot: ['account', 'telegram', 'demo-bot'] as const,
};

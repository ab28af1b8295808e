export const faydaKeys = {
  status: ['fayda', 'status'] as const,
};

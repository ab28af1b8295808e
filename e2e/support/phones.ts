/**
 * A fresh Ethiopian mobile number in local form (09XXXXXXXX) that no demo account uses
 * (the demo people are 0911 000 0xx), so each journey starts with its own account.
 */
export function randomPhone(): string {
  let digits = '';
  for (let i = 0; i < 7; i += 1) digits += Math.floor(Math.random() * 10).toString();
  return `097${digits}`;
}

/** 0977123456 -> +251977123456. */
export function toE164(local: string): string {
  return `+251${local.replace(/^0/, '')}`;
}

/** 0977123456 -> '0977 12 34 56', as the app shows it. */
export function formatLocal(local: string): string {
  return `${local.slice(0, 4)} ${local.slice(4, 6)} ${local.slice(6, 8)} ${local.slice(8, 10)}`;
}

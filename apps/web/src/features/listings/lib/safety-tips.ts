/** Browser storage key of the safety-tips acknowledgement (asked the first time). */
export const SAFETY_TIPS_KEY = 'safetyTipsAcknowledged';

export function safetyTipsAcknowledged(): boolean {
  try {
    return localStorage.getItem(SAFETY_TIPS_KEY) === 'true';
  } catch {
    return false;
  }
}

export function acknowledgeSafetyTips(): void {
  try {
    localStorage.setItem(SAFETY_TIPS_KEY, 'true');
  } catch {
    // Private mode: the tips are shown again next time, which is harmless.
  }
}

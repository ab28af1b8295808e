import { describe, expect, it } from 'vitest';
import en from '../../../../public/locales/en/wallet.json';
import am from '../../../../public/locales/am/wallet.json';
import { purchaseSuccess } from './purchase-success';

const none = { credits_granted: 0, tenant_unlimited_active: false, post_credits_granted: 0, delala_unlimited_active: false };

/** The English alert a person reads, from the real wallet texts. */
function english(answer: Parameters<typeof purchaseSuccess>[0]): string {
  const { key, count } = purchaseSuccess(answer);
  const [group, name] = key.split('.') as ['success', string];
  const texts = en[group] as Record<string, string>;
  const text = texts[name] ?? texts[`${name}_${count === 1 ? 'one' : 'other'}`]!;
  return text.replace('{{count}}', String(count));
}

describe('the success alert follows what the purchase granted', () => {
  it('credits: the balance after the purchase', () => {
    expect(english({ result: { ...none, credits_granted: 10 }, credits: 13, post_credits: 0 })).toBe('Success! You now have 13 credits.');
    expect(english({ result: { ...none, credits_granted: 1 }, credits: 1, post_credits: 0 })).toBe('Success! You now have 1 credit.');
  });

  it('a credit purchase while a plan runs still speaks of credits (the plan flag is false for it)', () => {
    expect(purchaseSuccess({ result: { ...none, credits_granted: 1 }, credits: 5, post_credits: 0 })).toEqual({ key: 'success.credits', count: 5 });
  });

  it('the tenant plan', () => {
    expect(english({ result: { ...none, tenant_unlimited_active: true }, credits: 2, post_credits: 0 })).toBe(
      'Success! Your unlimited subscription is now active.',
    );
  });

  it('post credits: the post credit balance after the purchase', () => {
    expect(english({ result: { ...none, post_credits_granted: 1 }, credits: 0, post_credits: 3 })).toBe('Success! You now have 3 post credits.');
  });

  it('the broker plan', () => {
    expect(english({ result: { ...none, delala_unlimited_active: true }, credits: 0, post_credits: 4 })).toBe(
      'Success! Your unlimited posting subscription is now active.',
    );
  });

  it('every alert exists in Amharic too', () => {
    for (const key of ['credits_one', 'credits_other', 'tenantUnlimited', 'postCredits_one', 'postCredits_other', 'delalaUnlimited'] as const) {
      expect(am.success[key]).toMatch(/^ተሳክቷል!/);
    }
  });
});

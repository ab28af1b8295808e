import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '@/test/i18n';
import { Price } from './price';

function renderPrice(amount: number, lng: 'en' | 'am', suffix?: string) {
  return render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <Price amount={amount} suffix={suffix} />
    </I18nextProvider>,
  ).container.textContent;
}

describe('Price', () => {
  it('writes birr with thousands separators, ETB in English', () => {
    expect(renderPrice(15000, 'en')).toBe('15,000 ETB');
    expect(renderPrice(1250000, 'en', '/ month')).toBe('1,250,000 ETB / month');
  });

  it('says ብር in Amharic', () => {
    expect(renderPrice(15000, 'am', 'በወር')).toBe('15,000 ብር በወር');
  });

  it('shows whole birr', () => {
    expect(renderPrice(12499.6, 'en')).toBe('12,500 ETB');
  });
});

import { describe, expect, it } from 'vitest';
import { listingShareUrl, telegramShareUrl, whatsappShareUrl } from './share-links';

const data = { title: 'Apartment in Bole', text: 'Apartment in Bole, 18,500 ETB a month, on Betoch', url: listingShareUrl('https://betoch.et', '/l/abc') };

describe('share links', () => {
  it('carry the public address and the text, encoded', () => {
    expect(data.url).toBe('https://betoch.et/l/abc');
    expect(telegramShareUrl(data)).toBe(
      'https://t.me/share/url?url=https%3A%2F%2Fbetoch.et%2Fl%2Fabc&text=Apartment%20in%20Bole%2C%2018%2C500%20ETB%20a%20month%2C%20on%20Betoch',
    );
    expect(whatsappShareUrl(data)).toBe(
      'https://wa.me/?text=Apartment%20in%20Bole%2C%2018%2C500%20ETB%20a%20month%2C%20on%20Betoch%20https%3A%2F%2Fbetoch.et%2Fl%2Fabc',
    );
  });
});

/**
 * The `sizes` of the photos a first screen shows large: how wide each is drawn, so the phone picks
 * the smallest file that is sharp enough.
 */
export const PHOTO_SIZES = {
  /**
   * A listing card: a little narrower than the card on phones (100vw - 40px), so at 360 px and a
   * 2x screen the 640 px file is picked instead of the 1280 px one, a difference nobody sees.
   */
  card: '(min-width: 1040px) 340px, (min-width: 640px) 46vw, calc(100vw - 40px)',
  /** The first photo of a listing's page. */
  detail: '(min-width: 1040px) 680px, 100vw',
} as const;

/** Success messages carried in navigation state to /my-listings after an owner's action. */
export type MyListingsNotice = 'markedRented' | 'deleted';

export interface MyListingsState {
  notice?: MyListingsNotice;
}

export function noticeFrom(state: unknown): MyListingsNotice | undefined {
  const notice = (state as MyListingsState | null)?.notice;
  return notice === 'markedRented' || notice === 'deleted' ? notice : undefined;
}

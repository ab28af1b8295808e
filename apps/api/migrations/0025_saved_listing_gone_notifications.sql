-- A second kind of in-app notification (issue 40): a home the person saved left the market
-- (rented, expired, hidden by an admin), written by favourites' listener of 'listingLeftMarket' in
-- the transaction that takes the listing off (docs/decisions/0024-favourites-listen-when-a-listing-leaves-the-market.md).
-- Every row before this one is a new match of a saved search.
ALTER TABLE notifications ADD COLUMN kind text NOT NULL DEFAULT 'saved_search_match'
  CONSTRAINT notifications_kind_check CHECK (kind IN ('saved_search_match', 'saved_listing_gone'));

-- One notification per person, listing and kind: a new match and 'it is gone' of one listing both stay.
ALTER TABLE notifications DROP CONSTRAINT notifications_user_listing_key;
ALTER TABLE notifications ADD CONSTRAINT notifications_user_listing_kind_key UNIQUE (user_id, listing_id, kind);

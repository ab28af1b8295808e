-- One revocation waiting at a time per account: a second request while one waits is refused
-- (409 revocation_pending) by the service, and this index holds when two admins ask at once.
CREATE UNIQUE INDEX fayda_revocations_one_pending ON fayda_revocations (user_id) WHERE status = 'pending';

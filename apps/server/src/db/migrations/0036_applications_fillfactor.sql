-- A payment rewrites its application's money (paid, balance, by pay type, updated_at): none of these is indexed, so
-- the new row version can stay on its page (a HOT update: no entry in the table's eight indexes, about a fifth of
-- the WAL per payment, and a shorter commit while the branch's receipt counter is held) when the page has room.
-- Pages filled to 85 % leave that room. Existing pages get it as they are rewritten (VACUUM FULL applications
-- in a quiet hour rewrites them all at once).
ALTER TABLE "applications" SET (fillfactor = 85);

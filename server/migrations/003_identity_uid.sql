-- Users are keyed by their identity-provider account (the Firebase uid), not by an email anyone
-- can type. Rows made before this rule have no uid yet: the first verified sign-in with their
-- email links them, once; after that only that account signs in as them.
alter table users add column firebase_uid text unique;

-- System accounts (the catalogue's store) are the shop itself: nobody can sign in as them or
-- link them, and they hold no admin rights.
alter table users add column system_account boolean not null default false;

update users
set system_account = true,
    role = case when role = 'admin' then 'seller' else role end
where email = 'store@book-resale.local';

-- Search filters a location by a part of it (`lower(location) like '%tucson%'`,
-- repositories/bookSearchQuery.ts). Without statistics on the expression the planner guessed a
-- city's share from its trigram index and took some cities for a hundred times rarer than they
-- were: at a million books it then read all of that city's 47,000 books and sorted them for a page
-- of 20 (100–270 ms) instead of walking the newest-first index (1–13 ms). With the expression's
-- common values known (as migration 023 did for the condition), the share is read, not guessed.
create statistics books_lower_location on (lower(location)) from books;
analyze books;

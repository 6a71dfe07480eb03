-- The planner's view of the search's condition filter (`lower(condition) = lower($n)`,
-- repositories/bookSearch.ts): without statistics on the expression it guessed 0.5 % of the books
-- for a condition that a sixth hold, and at a million books sorted the 47,000 books of a
-- location filter instead of walking the newest-first index (173 ms against 13 ms).
create statistics books_lower_condition on (lower(condition)) from books;

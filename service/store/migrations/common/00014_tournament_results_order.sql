-- 00014_tournament_results_order.sql (SQLite and PostgreSQL): a tournament's results in the
-- order they were stored, for the pages of GetTournament (Store.ListTournamentResults), which
-- read a page by this index whatever the tournament's size. Without it, every page of an ended
-- tournament of 14 000 games read all of them: 90 to 190 ms and 38 MB a page.

-- +goose Up
CREATE INDEX tournament_games_stored ON tournament_games (tournament_id, finished_at, game);

-- +goose Down
DROP INDEX tournament_games_stored;

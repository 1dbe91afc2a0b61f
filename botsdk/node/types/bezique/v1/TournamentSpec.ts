// Original file: ../../proto/bezique/v1/tournament.proto

import type { TournamentFormat as _bezique_v1_TournamentFormat, TournamentFormat__Output as _bezique_v1_TournamentFormat__Output } from '../../bezique/v1/TournamentFormat';
import type { Variant as _bezique_v1_Variant, Variant__Output as _bezique_v1_Variant__Output } from '../../bezique/v1/Variant';
import type { Partners as _bezique_v1_Partners, Partners__Output as _bezique_v1_Partners__Output } from '../../bezique/v1/Partners';
import type { Entrant as _bezique_v1_Entrant, Entrant__Output as _bezique_v1_Entrant__Output } from '../../bezique/v1/Entrant';
import type { Clock as _bezique_v1_Clock, Clock__Output as _bezique_v1_Clock__Output } from '../../bezique/v1/Clock';
import type { FailurePolicy as _bezique_v1_FailurePolicy, FailurePolicy__Output as _bezique_v1_FailurePolicy__Output } from '../../bezique/v1/FailurePolicy';
import type { Sprt as _bezique_v1_Sprt, Sprt__Output as _bezique_v1_Sprt__Output } from '../../bezique/v1/Sprt';

/**
 * TournamentSpec is a tournament's definition: everything that fixes its schedule and tables.
 */
export interface TournamentSpec {
  /**
   * name is a free label.
   */
  'name'?: (string);
  /**
   * format is how entrants are paired.
   */
  'format'?: (_bezique_v1_TournamentFormat);
  /**
   * variant is the game played.
   */
  'variant'?: (_bezique_v1_Variant);
  /**
   * partners is the partnership mode of the four-handed partnership game.
   */
  'partners'?: (_bezique_v1_Partners);
  /**
   * entrants are the participants; in a gauntlet the first is the candidate.
   */
  'entrants'?: (_bezique_v1_Entrant)[];
  /**
   * deals is the number of deal sets each pairing plays (at least 1).
   */
  'deals'?: (number);
  /**
   * duplicate plays each deal set once per seating so every entrant holds every hand
   * (docs/TOURNAMENTS.md).
   */
  'duplicate'?: (boolean);
  /**
   * concurrency is the most games in play at once (default 1, at most 1 000).
   */
  'concurrency'?: (number);
  /**
   * options are the rule options of RULES.md §5, as for a table.
   */
  'options'?: ({[key: string]: string});
  /**
   * clock is every table's time control.
   */
  'clock'?: (_bezique_v1_Clock | null);
  /**
   * failure_policy is every table's failure policy; its on_disconnect defaults to
   * FAILURE_ACTION_FORFEIT in a tournament (a table's to auto-play), stored so: a bot gone past its
   * disconnect grace loses its game rather than have the referee play it, and win it, for a dead
   * process. Tournaments created before 2026-12-07 keep auto-play.
   */
  'failure_policy'?: (_bezique_v1_FailurePolicy | null);
  /**
   * sprt stops a match as soon as a hypothesis is accepted.
   */
  'sprt'?: (_bezique_v1_Sprt | null);
  /**
   * absence_grace_ms is how long a lobby entrant may be absent from the lobby, in milliseconds,
   * before its games that have not started are forfeited (default 60 000).
   */
  'absence_grace_ms'?: (number);
}

/**
 * TournamentSpec is a tournament's definition: everything that fixes its schedule and tables.
 */
export interface TournamentSpec__Output {
  /**
   * name is a free label.
   */
  'name': (string);
  /**
   * format is how entrants are paired.
   */
  'format': (_bezique_v1_TournamentFormat__Output);
  /**
   * variant is the game played.
   */
  'variant': (_bezique_v1_Variant__Output);
  /**
   * partners is the partnership mode of the four-handed partnership game.
   */
  'partners': (_bezique_v1_Partners__Output);
  /**
   * entrants are the participants; in a gauntlet the first is the candidate.
   */
  'entrants': (_bezique_v1_Entrant__Output)[];
  /**
   * deals is the number of deal sets each pairing plays (at least 1).
   */
  'deals': (number);
  /**
   * duplicate plays each deal set once per seating so every entrant holds every hand
   * (docs/TOURNAMENTS.md).
   */
  'duplicate': (boolean);
  /**
   * concurrency is the most games in play at once (default 1, at most 1 000).
   */
  'concurrency': (number);
  /**
   * options are the rule options of RULES.md §5, as for a table.
   */
  'options': ({[key: string]: string});
  /**
   * clock is every table's time control.
   */
  'clock': (_bezique_v1_Clock__Output | null);
  /**
   * failure_policy is every table's failure policy; its on_disconnect defaults to
   * FAILURE_ACTION_FORFEIT in a tournament (a table's to auto-play), stored so: a bot gone past its
   * disconnect grace loses its game rather than have the referee play it, and win it, for a dead
   * process. Tournaments created before 2026-12-07 keep auto-play.
   */
  'failure_policy': (_bezique_v1_FailurePolicy__Output | null);
  /**
   * sprt stops a match as soon as a hypothesis is accepted.
   */
  'sprt': (_bezique_v1_Sprt__Output | null);
  /**
   * absence_grace_ms is how long a lobby entrant may be absent from the lobby, in milliseconds,
   * before its games that have not started are forfeited (default 60 000).
   */
  'absence_grace_ms': (number);
}

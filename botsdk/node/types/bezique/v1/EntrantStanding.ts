// Original file: ../../proto/bezique/v1/tournament.proto

import type { Rating as _bezique_v1_Rating, Rating__Output as _bezique_v1_Rating__Output } from '../../bezique/v1/Rating';
import type { Long } from '@grpc/proto-loader';

/**
 * EntrantStanding is one entrant's line in the standings.
 */
export interface EntrantStanding {
  /**
   * entrant is the entrant's id.
   */
  'entrant'?: (string);
  /**
   * games is the number of its games with a result.
   */
  'games'?: (number);
  /**
   * wins is the games its side won.
   */
  'wins'?: (number);
  /**
   * draws is the games without a winner.
   */
  'draws'?: (number);
  /**
   * losses is the games another side won.
   */
  'losses'?: (number);
  /**
   * points is wins plus half the draws.
   */
  'points'?: (number | string);
  /**
   * score is the sum of its side's final totals over its games played to their end
   * (scored_games): a forfeited game's totals are where play stopped, and are not counted.
   */
  'score'?: (number | string | Long);
  /**
   * deal_diff is, with duplicate deals, its mean score difference per whole deal set (a result in
   * every seating, none forfeited) on the same cards; 0 when deal_sets is 0.
   */
  'deal_diff'?: (number | string);
  /**
   * forfeits is the games it lost by forfeit.
   */
  'forfeits'?: (number);
  /**
   * timeouts is the actions auto-played for it out of time.
   */
  'timeouts'?: (number);
  /**
   * illegal is the actions auto-played for it after illegal ones.
   */
  'illegal'?: (number);
  /**
   * disconnects is the actions auto-played for it while disconnected.
   */
  'disconnects'?: (number);
  /**
   * mean_decision_ms is its mean decision time, in milliseconds.
   */
  'mean_decision_ms'?: (number | string);
  /**
   * rating is its rating after the games counted.
   */
  'rating'?: (_bezique_v1_Rating | null);
  /**
   * fallbacks is the answers its bot's SDK sent for it (Decide.fallback): its decide missed the
   * deadline, failed, or chose no legal action. They are not among the decisions timed.
   */
  'fallbacks'?: (number);
  /**
   * forfeits_timeout is the forfeits on time (GameResult.forfeit_cause FORFEIT_CAUSE_TIMEOUT).
   * The three causes split forfeits; a result stored before causes were kept counts in forfeits
   * alone.
   */
  'forfeits_timeout'?: (number);
  /**
   * forfeits_illegal is the forfeits at the strike limit of illegal actions.
   */
  'forfeits_illegal'?: (number);
  /**
   * forfeits_disconnect is the forfeits for a disconnection past the grace.
   */
  'forfeits_disconnect'?: (number);
  /**
   * scored_games is its games counted in score: those with a result that were not forfeited. The
   * ranking's third key is score per scored game.
   */
  'scored_games'?: (number);
  /**
   * deal_sets is the number of whole deal sets deal_diff is the mean over; 0: it has no deal diff
   * (no duplicate deals, or none of its deal sets is whole and without a forfeit), and ranks as
   * an even one.
   */
  'deal_sets'?: (number);
}

/**
 * EntrantStanding is one entrant's line in the standings.
 */
export interface EntrantStanding__Output {
  /**
   * entrant is the entrant's id.
   */
  'entrant': (string);
  /**
   * games is the number of its games with a result.
   */
  'games': (number);
  /**
   * wins is the games its side won.
   */
  'wins': (number);
  /**
   * draws is the games without a winner.
   */
  'draws': (number);
  /**
   * losses is the games another side won.
   */
  'losses': (number);
  /**
   * points is wins plus half the draws.
   */
  'points': (number);
  /**
   * score is the sum of its side's final totals over its games played to their end
   * (scored_games): a forfeited game's totals are where play stopped, and are not counted.
   */
  'score': (number);
  /**
   * deal_diff is, with duplicate deals, its mean score difference per whole deal set (a result in
   * every seating, none forfeited) on the same cards; 0 when deal_sets is 0.
   */
  'deal_diff': (number);
  /**
   * forfeits is the games it lost by forfeit.
   */
  'forfeits': (number);
  /**
   * timeouts is the actions auto-played for it out of time.
   */
  'timeouts': (number);
  /**
   * illegal is the actions auto-played for it after illegal ones.
   */
  'illegal': (number);
  /**
   * disconnects is the actions auto-played for it while disconnected.
   */
  'disconnects': (number);
  /**
   * mean_decision_ms is its mean decision time, in milliseconds.
   */
  'mean_decision_ms': (number);
  /**
   * rating is its rating after the games counted.
   */
  'rating': (_bezique_v1_Rating__Output | null);
  /**
   * fallbacks is the answers its bot's SDK sent for it (Decide.fallback): its decide missed the
   * deadline, failed, or chose no legal action. They are not among the decisions timed.
   */
  'fallbacks': (number);
  /**
   * forfeits_timeout is the forfeits on time (GameResult.forfeit_cause FORFEIT_CAUSE_TIMEOUT).
   * The three causes split forfeits; a result stored before causes were kept counts in forfeits
   * alone.
   */
  'forfeits_timeout': (number);
  /**
   * forfeits_illegal is the forfeits at the strike limit of illegal actions.
   */
  'forfeits_illegal': (number);
  /**
   * forfeits_disconnect is the forfeits for a disconnection past the grace.
   */
  'forfeits_disconnect': (number);
  /**
   * scored_games is its games counted in score: those with a result that were not forfeited. The
   * ranking's third key is score per scored game.
   */
  'scored_games': (number);
  /**
   * deal_sets is the number of whole deal sets deal_diff is the mean over; 0: it has no deal diff
   * (no duplicate deals, or none of its deal sets is whole and without a forfeit), and ranks as
   * an even one.
   */
  'deal_sets': (number);
}

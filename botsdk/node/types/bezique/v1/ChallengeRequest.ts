// Original file: ../../proto/bezique/v1/lobby_service.proto

import type { Variant as _bezique_v1_Variant, Variant__Output as _bezique_v1_Variant__Output } from '../../bezique/v1/Variant';
import type { ChallengeSeat as _bezique_v1_ChallengeSeat, ChallengeSeat__Output as _bezique_v1_ChallengeSeat__Output } from '../../bezique/v1/ChallengeSeat';
import type { Clock as _bezique_v1_Clock, Clock__Output as _bezique_v1_Clock__Output } from '../../bezique/v1/Clock';
import type { FailurePolicy as _bezique_v1_FailurePolicy, FailurePolicy__Output as _bezique_v1_FailurePolicy__Output } from '../../bezique/v1/FailurePolicy';
import type { TeamPolicy as _bezique_v1_TeamPolicy, TeamPolicy__Output as _bezique_v1_TeamPolicy__Output } from '../../bezique/v1/TeamPolicy';

/**
 * ChallengeRequest describes the table of a challenge.
 */
export interface ChallengeRequest {
  /**
   * variant is the game to play.
   */
  'variant'?: (_bezique_v1_Variant);
  /**
   * options are rule options of RULES.md §5, as in CreateTableRequest.options.
   */
  'options'?: ({[key: string]: string});
  /**
   * seats are the seats in order, as many as the variant has players.
   */
  'seats'?: (_bezique_v1_ChallengeSeat)[];
  /**
   * clock is the time control; unset uses the referee's defaults.
   */
  'clock'?: (_bezique_v1_Clock | null);
  /**
   * failure_policy is the failure policy; unset uses the referee's defaults.
   */
  'failure_policy'?: (_bezique_v1_FailurePolicy | null);
  /**
   * public lets anonymous spectators watch the table (CreateTableRequest.public).
   */
  'public'?: (boolean);
  /**
   * team_policy says whose answer counts at a team seat (ChallengeSeat.team,
   * CreateTableRequest.team_policy); unspecified is TEAM_POLICY_CAPTAIN.
   */
  'team_policy'?: (_bezique_v1_TeamPolicy);
}

/**
 * ChallengeRequest describes the table of a challenge.
 */
export interface ChallengeRequest__Output {
  /**
   * variant is the game to play.
   */
  'variant': (_bezique_v1_Variant__Output);
  /**
   * options are rule options of RULES.md §5, as in CreateTableRequest.options.
   */
  'options': ({[key: string]: string});
  /**
   * seats are the seats in order, as many as the variant has players.
   */
  'seats': (_bezique_v1_ChallengeSeat__Output)[];
  /**
   * clock is the time control; unset uses the referee's defaults.
   */
  'clock': (_bezique_v1_Clock__Output | null);
  /**
   * failure_policy is the failure policy; unset uses the referee's defaults.
   */
  'failure_policy': (_bezique_v1_FailurePolicy__Output | null);
  /**
   * public lets anonymous spectators watch the table (CreateTableRequest.public).
   */
  'public': (boolean);
  /**
   * team_policy says whose answer counts at a team seat (ChallengeSeat.team,
   * CreateTableRequest.team_policy); unspecified is TEAM_POLICY_CAPTAIN.
   */
  'team_policy': (_bezique_v1_TeamPolicy__Output);
}

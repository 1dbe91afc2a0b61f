// Original file: ../../proto/bezique/v1/table.proto

/**
 * TeamPolicy says which member's answer counts at a team seat (RemoteSeat.team_size > 1).
 */
export const TeamPolicy = {
  /**
   * TEAM_POLICY_UNSPECIFIED is the default: TEAM_POLICY_CAPTAIN (deterministic: the same
   * member always decides, whatever the members' network delays).
   */
  TEAM_POLICY_UNSPECIFIED: 'TEAM_POLICY_UNSPECIFIED',
  /**
   * TEAM_POLICY_CAPTAIN counts only member 0's Decide; the other members' Decides are refused
   * with REJECTION_CODE_NOT_CAPTAIN (they propose through TeamMessage instead).
   */
  TEAM_POLICY_CAPTAIN: 'TEAM_POLICY_CAPTAIN',
  /**
   * TEAM_POLICY_FIRST_ANSWER counts the first valid Decide of any member; a later answer to the
   * same request is refused with REJECTION_CODE_STALE_REQUEST.
   */
  TEAM_POLICY_FIRST_ANSWER: 'TEAM_POLICY_FIRST_ANSWER',
} as const;

/**
 * TeamPolicy says which member's answer counts at a team seat (RemoteSeat.team_size > 1).
 */
export type TeamPolicy =
  /**
   * TEAM_POLICY_UNSPECIFIED is the default: TEAM_POLICY_CAPTAIN (deterministic: the same
   * member always decides, whatever the members' network delays).
   */
  | 'TEAM_POLICY_UNSPECIFIED'
  | 0
  /**
   * TEAM_POLICY_CAPTAIN counts only member 0's Decide; the other members' Decides are refused
   * with REJECTION_CODE_NOT_CAPTAIN (they propose through TeamMessage instead).
   */
  | 'TEAM_POLICY_CAPTAIN'
  | 1
  /**
   * TEAM_POLICY_FIRST_ANSWER counts the first valid Decide of any member; a later answer to the
   * same request is refused with REJECTION_CODE_STALE_REQUEST.
   */
  | 'TEAM_POLICY_FIRST_ANSWER'
  | 2

/**
 * TeamPolicy says which member's answer counts at a team seat (RemoteSeat.team_size > 1).
 */
export type TeamPolicy__Output = typeof TeamPolicy[keyof typeof TeamPolicy]

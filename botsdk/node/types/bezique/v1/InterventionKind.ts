// Original file: ../../proto/bezique/v1/events.proto

/**
 * InterventionKind is why the referee acted for a seat.
 */
export const InterventionKind = {
  /**
   * INTERVENTION_KIND_UNSPECIFIED is no intervention: the seat acted itself.
   */
  INTERVENTION_KIND_UNSPECIFIED: 'INTERVENTION_KIND_UNSPECIFIED',
  /**
   * INTERVENTION_KIND_AUTO_PLAY_TIMEOUT is an action played for a seat out of time.
   */
  INTERVENTION_KIND_AUTO_PLAY_TIMEOUT: 'INTERVENTION_KIND_AUTO_PLAY_TIMEOUT',
  /**
   * INTERVENTION_KIND_AUTO_PLAY_ILLEGAL is an action played for a seat that sent illegal ones.
   */
  INTERVENTION_KIND_AUTO_PLAY_ILLEGAL: 'INTERVENTION_KIND_AUTO_PLAY_ILLEGAL',
  /**
   * INTERVENTION_KIND_AUTO_PLAY_DISCONNECT is an action played for a disconnected seat.
   */
  INTERVENTION_KIND_AUTO_PLAY_DISCONNECT: 'INTERVENTION_KIND_AUTO_PLAY_DISCONNECT',
  /**
   * INTERVENTION_KIND_FORFEIT is the seat losing the game by forfeit.
   */
  INTERVENTION_KIND_FORFEIT: 'INTERVENTION_KIND_FORFEIT',
} as const;

/**
 * InterventionKind is why the referee acted for a seat.
 */
export type InterventionKind =
  /**
   * INTERVENTION_KIND_UNSPECIFIED is no intervention: the seat acted itself.
   */
  | 'INTERVENTION_KIND_UNSPECIFIED'
  | 0
  /**
   * INTERVENTION_KIND_AUTO_PLAY_TIMEOUT is an action played for a seat out of time.
   */
  | 'INTERVENTION_KIND_AUTO_PLAY_TIMEOUT'
  | 1
  /**
   * INTERVENTION_KIND_AUTO_PLAY_ILLEGAL is an action played for a seat that sent illegal ones.
   */
  | 'INTERVENTION_KIND_AUTO_PLAY_ILLEGAL'
  | 2
  /**
   * INTERVENTION_KIND_AUTO_PLAY_DISCONNECT is an action played for a disconnected seat.
   */
  | 'INTERVENTION_KIND_AUTO_PLAY_DISCONNECT'
  | 3
  /**
   * INTERVENTION_KIND_FORFEIT is the seat losing the game by forfeit.
   */
  | 'INTERVENTION_KIND_FORFEIT'
  | 4

/**
 * InterventionKind is why the referee acted for a seat.
 */
export type InterventionKind__Output = typeof InterventionKind[keyof typeof InterventionKind]

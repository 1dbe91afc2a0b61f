// Original file: ../../proto/bezique/v1/tournament.proto


/**
 * LobbyTeam is a consultation team of bots in the referee's lobby.
 */
export interface LobbyTeam {
  /**
   * members are the bots' names, 2 to 4, distinct; the first is the captain (Join.member 0).
   */
  'members'?: (string)[];
}

/**
 * LobbyTeam is a consultation team of bots in the referee's lobby.
 */
export interface LobbyTeam__Output {
  /**
   * members are the bots' names, 2 to 4, distinct; the first is the captain (Join.member 0).
   */
  'members': (string)[];
}

// Original file: ../../proto/bezique/v1/lobby_service.proto


/**
 * ListBotsRequest asks for the bots present.
 */
export interface ListBotsRequest {
  /**
   * tournament_id is the tournament whose bots are listed: when set, only the bots that serve it
   * (LobbyBot.tournament_id), from the lobby of the referee that runs it (the call is forwarded
   * there by another referee sharing the store, as a lobby bot's Serve is). NOT_FOUND for a
   * tournament that does not exist; none for one that has ended. Empty: the bots present in this
   * referee's lobby.
   */
  'tournament_id'?: (string);
}

/**
 * ListBotsRequest asks for the bots present.
 */
export interface ListBotsRequest__Output {
  /**
   * tournament_id is the tournament whose bots are listed: when set, only the bots that serve it
   * (LobbyBot.tournament_id), from the lobby of the referee that runs it (the call is forwarded
   * there by another referee sharing the store, as a lobby bot's Serve is). NOT_FOUND for a
   * tournament that does not exist; none for one that has ended. Empty: the bots present in this
   * referee's lobby.
   */
  'tournament_id': (string);
}

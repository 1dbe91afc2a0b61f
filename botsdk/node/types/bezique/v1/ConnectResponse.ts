// Original file: ../../proto/bezique/v1/seat_service.proto

import type { Welcome as _bezique_v1_Welcome, Welcome__Output as _bezique_v1_Welcome__Output } from '../../bezique/v1/Welcome';
import type { Event as _bezique_v1_Event, Event__Output as _bezique_v1_Event__Output } from '../../bezique/v1/Event';
import type { DecisionRequest as _bezique_v1_DecisionRequest, DecisionRequest__Output as _bezique_v1_DecisionRequest__Output } from '../../bezique/v1/DecisionRequest';
import type { Rejection as _bezique_v1_Rejection, Rejection__Output as _bezique_v1_Rejection__Output } from '../../bezique/v1/Rejection';
import type { Ping as _bezique_v1_Ping, Ping__Output as _bezique_v1_Ping__Output } from '../../bezique/v1/Ping';
import type { ClockReport as _bezique_v1_ClockReport, ClockReport__Output as _bezique_v1_ClockReport__Output } from '../../bezique/v1/ClockReport';
import type { GameOver as _bezique_v1_GameOver, GameOver__Output as _bezique_v1_GameOver__Output } from '../../bezique/v1/GameOver';
import type { TeamMessageRelayed as _bezique_v1_TeamMessageRelayed, TeamMessageRelayed__Output as _bezique_v1_TeamMessageRelayed__Output } from '../../bezique/v1/TeamMessageRelayed';
import type { Batch as _bezique_v1_Batch, Batch__Output as _bezique_v1_Batch__Output } from '../../bezique/v1/Batch';

/**
 * ConnectResponse is a message from the server.
 */
export interface ConnectResponse {
  /**
   * welcome accepts the Join.
   */
  'welcome'?: (_bezique_v1_Welcome | null);
  /**
   * event is a game event as the seat may see it.
   */
  'event'?: (_bezique_v1_Event | null);
  /**
   * decision_request asks the bot to act.
   */
  'decision_request'?: (_bezique_v1_DecisionRequest | null);
  /**
   * rejection refuses a Decide.
   */
  'rejection'?: (_bezique_v1_Rejection | null);
  /**
   * ping asks for a Pong.
   */
  'ping'?: (_bezique_v1_Ping | null);
  /**
   * clock_report reports every seat's clock.
   */
  'clock_report'?: (_bezique_v1_ClockReport | null);
  /**
   * game_over ends the game.
   */
  'game_over'?: (_bezique_v1_GameOver | null);
  /**
   * team_message_relayed is a message from another member of the bot's team seat.
   */
  'team_message_relayed'?: (_bezique_v1_TeamMessageRelayed | null);
  /**
   * batch is several of the messages above sent as one, to a connection that joined with
   * Join.batch.
   */
  'batch'?: (_bezique_v1_Batch | null);
  /**
   * kind is the message.
   */
  'kind'?: "welcome"|"event"|"decision_request"|"rejection"|"ping"|"clock_report"|"game_over"|"team_message_relayed"|"batch";
}

/**
 * ConnectResponse is a message from the server.
 */
export interface ConnectResponse__Output {
  /**
   * welcome accepts the Join.
   */
  'welcome'?: (_bezique_v1_Welcome__Output | null);
  /**
   * event is a game event as the seat may see it.
   */
  'event'?: (_bezique_v1_Event__Output | null);
  /**
   * decision_request asks the bot to act.
   */
  'decision_request'?: (_bezique_v1_DecisionRequest__Output | null);
  /**
   * rejection refuses a Decide.
   */
  'rejection'?: (_bezique_v1_Rejection__Output | null);
  /**
   * ping asks for a Pong.
   */
  'ping'?: (_bezique_v1_Ping__Output | null);
  /**
   * clock_report reports every seat's clock.
   */
  'clock_report'?: (_bezique_v1_ClockReport__Output | null);
  /**
   * game_over ends the game.
   */
  'game_over'?: (_bezique_v1_GameOver__Output | null);
  /**
   * team_message_relayed is a message from another member of the bot's team seat.
   */
  'team_message_relayed'?: (_bezique_v1_TeamMessageRelayed__Output | null);
  /**
   * batch is several of the messages above sent as one, to a connection that joined with
   * Join.batch.
   */
  'batch'?: (_bezique_v1_Batch__Output | null);
  /**
   * kind is the message.
   */
  'kind'?: "welcome"|"event"|"decision_request"|"rejection"|"ping"|"clock_report"|"game_over"|"team_message_relayed"|"batch";
}

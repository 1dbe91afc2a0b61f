// Original file: ../../proto/bezique/v1/table_service.proto

import type { Event as _bezique_v1_Event, Event__Output as _bezique_v1_Event__Output } from '../../bezique/v1/Event';
import type { TeamMessageRecord as _bezique_v1_TeamMessageRecord, TeamMessageRecord__Output as _bezique_v1_TeamMessageRecord__Output } from '../../bezique/v1/TeamMessageRecord';
import type { ClockReport as _bezique_v1_ClockReport, ClockReport__Output as _bezique_v1_ClockReport__Output } from '../../bezique/v1/ClockReport';

/**
 * WatchTableResponse is one public event, a clock report or a team message.
 */
export interface WatchTableResponse {
  /**
   * event is the event as a spectator may see it.
   */
  'event'?: (_bezique_v1_Event | null);
  /**
   * team_message is a message the members of a team seat exchanged (RULES.md §3.5), set instead
   * of event: sent only once the game has ended, after its last event, in the order of
   * GameRecord.team_messages; never during play.
   */
  'team_message'?: (_bezique_v1_TeamMessageRecord | null);
  /**
   * clock_report is every seat's clock, set instead of event (it has no seq), to a spectator that
   * asked for clock_reports: sent when the referee starts waiting for a seat's decision, and
   * after the history to a spectator that starts watching while it waits. A page counts the
   * running seat's time down from it.
   */
  'clock_report'?: (_bezique_v1_ClockReport | null);
  /**
   * heartbeat is set, and nothing else, on a message sent because the stream had been quiet for
   * the request's heartbeat_ms.
   */
  'heartbeat'?: (boolean);
}

/**
 * WatchTableResponse is one public event, a clock report or a team message.
 */
export interface WatchTableResponse__Output {
  /**
   * event is the event as a spectator may see it.
   */
  'event': (_bezique_v1_Event__Output | null);
  /**
   * team_message is a message the members of a team seat exchanged (RULES.md §3.5), set instead
   * of event: sent only once the game has ended, after its last event, in the order of
   * GameRecord.team_messages; never during play.
   */
  'team_message': (_bezique_v1_TeamMessageRecord__Output | null);
  /**
   * clock_report is every seat's clock, set instead of event (it has no seq), to a spectator that
   * asked for clock_reports: sent when the referee starts waiting for a seat's decision, and
   * after the history to a spectator that starts watching while it waits. A page counts the
   * running seat's time down from it.
   */
  'clock_report': (_bezique_v1_ClockReport__Output | null);
  /**
   * heartbeat is set, and nothing else, on a message sent because the stream had been quiet for
   * the request's heartbeat_ms.
   */
  'heartbeat': (boolean);
}

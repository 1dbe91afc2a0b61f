// Original file: ../../proto/bezique/v1/events.proto

import type { DealStarted as _bezique_v1_DealStarted, DealStarted__Output as _bezique_v1_DealStarted__Output } from '../../bezique/v1/DealStarted';
import type { HandDealt as _bezique_v1_HandDealt, HandDealt__Output as _bezique_v1_HandDealt__Output } from '../../bezique/v1/HandDealt';
import type { TurnUpSeven as _bezique_v1_TurnUpSeven, TurnUpSeven__Output as _bezique_v1_TurnUpSeven__Output } from '../../bezique/v1/TurnUpSeven';
import type { CardPlayed as _bezique_v1_CardPlayed, CardPlayed__Output as _bezique_v1_CardPlayed__Output } from '../../bezique/v1/CardPlayed';
import type { TrickWon as _bezique_v1_TrickWon, TrickWon__Output as _bezique_v1_TrickWon__Output } from '../../bezique/v1/TrickWon';
import type { Melded as _bezique_v1_Melded, Melded__Output as _bezique_v1_Melded__Output } from '../../bezique/v1/Melded';
import type { SevenExchanged as _bezique_v1_SevenExchanged, SevenExchanged__Output as _bezique_v1_SevenExchanged__Output } from '../../bezique/v1/SevenExchanged';
import type { SevenDeclared as _bezique_v1_SevenDeclared, SevenDeclared__Output as _bezique_v1_SevenDeclared__Output } from '../../bezique/v1/SevenDeclared';
import type { SevenPlayedScored as _bezique_v1_SevenPlayedScored, SevenPlayedScored__Output as _bezique_v1_SevenPlayedScored__Output } from '../../bezique/v1/SevenPlayedScored';
import type { MeldPassed as _bezique_v1_MeldPassed, MeldPassed__Output as _bezique_v1_MeldPassed__Output } from '../../bezique/v1/MeldPassed';
import type { WindowEnded as _bezique_v1_WindowEnded, WindowEnded__Output as _bezique_v1_WindowEnded__Output } from '../../bezique/v1/WindowEnded';
import type { CardDrawn as _bezique_v1_CardDrawn, CardDrawn__Output as _bezique_v1_CardDrawn__Output } from '../../bezique/v1/CardDrawn';
import type { Phase2Started as _bezique_v1_Phase2Started, Phase2Started__Output as _bezique_v1_Phase2Started__Output } from '../../bezique/v1/Phase2Started';
import type { BrisquesScored as _bezique_v1_BrisquesScored, BrisquesScored__Output as _bezique_v1_BrisquesScored__Output } from '../../bezique/v1/BrisquesScored';
import type { LastTrickScored as _bezique_v1_LastTrickScored, LastTrickScored__Output as _bezique_v1_LastTrickScored__Output } from '../../bezique/v1/LastTrickScored';
import type { DealEnded as _bezique_v1_DealEnded, DealEnded__Output as _bezique_v1_DealEnded__Output } from '../../bezique/v1/DealEnded';
import type { GameEnded as _bezique_v1_GameEnded, GameEnded__Output as _bezique_v1_GameEnded__Output } from '../../bezique/v1/GameEnded';
import type { Intervention as _bezique_v1_Intervention, Intervention__Output as _bezique_v1_Intervention__Output } from '../../bezique/v1/Intervention';
import type { SeatConnected as _bezique_v1_SeatConnected, SeatConnected__Output as _bezique_v1_SeatConnected__Output } from '../../bezique/v1/SeatConnected';
import type { SeatDisconnected as _bezique_v1_SeatDisconnected, SeatDisconnected__Output as _bezique_v1_SeatDisconnected__Output } from '../../bezique/v1/SeatDisconnected';
import type { TableCancelled as _bezique_v1_TableCancelled, TableCancelled__Output as _bezique_v1_TableCancelled__Output } from '../../bezique/v1/TableCancelled';
import type { TrumpFixed as _bezique_v1_TrumpFixed, TrumpFixed__Output as _bezique_v1_TrumpFixed__Output } from '../../bezique/v1/TrumpFixed';
import type { CarteBlancheShown as _bezique_v1_CarteBlancheShown, CarteBlancheShown__Output as _bezique_v1_CarteBlancheShown__Output } from '../../bezique/v1/CarteBlancheShown';
import type { AnnouncementLapsed as _bezique_v1_AnnouncementLapsed, AnnouncementLapsed__Output as _bezique_v1_AnnouncementLapsed__Output } from '../../bezique/v1/AnnouncementLapsed';
import type { Long } from '@grpc/proto-loader';

/**
 * Event is one thing that happened at a table, as the reader may see it.
 */
export interface Event {
  /**
   * seq is the event's number at its table: from 1, one more for each event the table sends.
   * It only increases; it may skip numbers. A table that a referee rebuilt from its store (after
   * a restart, or taken over from another referee) goes on up to 2 048 numbers further, so that
   * none a reader has seen is used again, and the events that are not stored (seat_connected,
   * seat_disconnected) are not in the history it rebuilt. Resume after the highest seq you have.
   */
  'seq'?: (number | string | Long);
  /**
   * deal_started starts a deal.
   */
  'deal_started'?: (_bezique_v1_DealStarted | null);
  /**
   * hand_dealt gives a seat its cards.
   */
  'hand_dealt'?: (_bezique_v1_HandDealt | null);
  /**
   * turn_up_seven scores the dealer's turned-up seven.
   */
  'turn_up_seven'?: (_bezique_v1_TurnUpSeven | null);
  /**
   * card_played is a card played to a trick.
   */
  'card_played'?: (_bezique_v1_CardPlayed | null);
  /**
   * trick_won ends a trick.
   */
  'trick_won'?: (_bezique_v1_TrickWon | null);
  /**
   * melded is a meld declared.
   */
  'melded'?: (_bezique_v1_Melded | null);
  /**
   * seven_exchanged is a trump seven exchanged for the turn-up.
   */
  'seven_exchanged'?: (_bezique_v1_SevenExchanged | null);
  /**
   * seven_declared is a trump seven shown.
   */
  'seven_declared'?: (_bezique_v1_SevenDeclared | null);
  /**
   * seven_played_scored is a trump seven scoring as it is played.
   */
  'seven_played_scored'?: (_bezique_v1_SevenPlayedScored | null);
  /**
   * meld_passed is the meld privilege passed to the partner.
   */
  'meld_passed'?: (_bezique_v1_MeldPassed | null);
  /**
   * window_ended is a seat ending its stage of the window.
   */
  'window_ended'?: (_bezique_v1_WindowEnded | null);
  /**
   * card_drawn is a card drawn from the stock.
   */
  'card_drawn'?: (_bezique_v1_CardDrawn | null);
  /**
   * phase2_started starts phase 2 or one of its duels.
   */
  'phase2_started'?: (_bezique_v1_Phase2Started | null);
  /**
   * brisques_scored scores a side's brisques.
   */
  'brisques_scored'?: (_bezique_v1_BrisquesScored | null);
  /**
   * last_trick_scored scores the last trick.
   */
  'last_trick_scored'?: (_bezique_v1_LastTrickScored | null);
  /**
   * deal_ended ends a deal.
   */
  'deal_ended'?: (_bezique_v1_DealEnded | null);
  /**
   * game_ended ends the game.
   */
  'game_ended'?: (_bezique_v1_GameEnded | null);
  /**
   * intervention is the referee acting for a seat.
   */
  'intervention'?: (_bezique_v1_Intervention | null);
  /**
   * seat_connected is a seat's bot connecting.
   */
  'seat_connected'?: (_bezique_v1_SeatConnected | null);
  /**
   * seat_disconnected is a seat's bot disconnecting.
   */
  'seat_disconnected'?: (_bezique_v1_SeatDisconnected | null);
  /**
   * table_cancelled is the table cancelled before the game ended.
   */
  'table_cancelled'?: (_bezique_v1_TableCancelled | null);
  /**
   * trump_fixed is the meld just declared fixing trump in a deal without a turn-up.
   */
  'trump_fixed'?: (_bezique_v1_TrumpFixed | null);
  /**
   * carte_blanche_shown is a carte blanche shown and scored.
   */
  'carte_blanche_shown'?: (_bezique_v1_CarteBlancheShown | null);
  /**
   * announcement_lapsed is a pending announcement ending unscored (RULES.md §8.18).
   */
  'announcement_lapsed'?: (_bezique_v1_AnnouncementLapsed | null);
  /**
   * payload is what happened.
   */
  'payload'?: "deal_started"|"hand_dealt"|"turn_up_seven"|"card_played"|"trick_won"|"melded"|"seven_exchanged"|"seven_declared"|"seven_played_scored"|"meld_passed"|"window_ended"|"card_drawn"|"phase2_started"|"brisques_scored"|"last_trick_scored"|"deal_ended"|"game_ended"|"intervention"|"seat_connected"|"seat_disconnected"|"table_cancelled"|"trump_fixed"|"carte_blanche_shown"|"announcement_lapsed";
}

/**
 * Event is one thing that happened at a table, as the reader may see it.
 */
export interface Event__Output {
  /**
   * seq is the event's number at its table: from 1, one more for each event the table sends.
   * It only increases; it may skip numbers. A table that a referee rebuilt from its store (after
   * a restart, or taken over from another referee) goes on up to 2 048 numbers further, so that
   * none a reader has seen is used again, and the events that are not stored (seat_connected,
   * seat_disconnected) are not in the history it rebuilt. Resume after the highest seq you have.
   */
  'seq': (number);
  /**
   * deal_started starts a deal.
   */
  'deal_started'?: (_bezique_v1_DealStarted__Output | null);
  /**
   * hand_dealt gives a seat its cards.
   */
  'hand_dealt'?: (_bezique_v1_HandDealt__Output | null);
  /**
   * turn_up_seven scores the dealer's turned-up seven.
   */
  'turn_up_seven'?: (_bezique_v1_TurnUpSeven__Output | null);
  /**
   * card_played is a card played to a trick.
   */
  'card_played'?: (_bezique_v1_CardPlayed__Output | null);
  /**
   * trick_won ends a trick.
   */
  'trick_won'?: (_bezique_v1_TrickWon__Output | null);
  /**
   * melded is a meld declared.
   */
  'melded'?: (_bezique_v1_Melded__Output | null);
  /**
   * seven_exchanged is a trump seven exchanged for the turn-up.
   */
  'seven_exchanged'?: (_bezique_v1_SevenExchanged__Output | null);
  /**
   * seven_declared is a trump seven shown.
   */
  'seven_declared'?: (_bezique_v1_SevenDeclared__Output | null);
  /**
   * seven_played_scored is a trump seven scoring as it is played.
   */
  'seven_played_scored'?: (_bezique_v1_SevenPlayedScored__Output | null);
  /**
   * meld_passed is the meld privilege passed to the partner.
   */
  'meld_passed'?: (_bezique_v1_MeldPassed__Output | null);
  /**
   * window_ended is a seat ending its stage of the window.
   */
  'window_ended'?: (_bezique_v1_WindowEnded__Output | null);
  /**
   * card_drawn is a card drawn from the stock.
   */
  'card_drawn'?: (_bezique_v1_CardDrawn__Output | null);
  /**
   * phase2_started starts phase 2 or one of its duels.
   */
  'phase2_started'?: (_bezique_v1_Phase2Started__Output | null);
  /**
   * brisques_scored scores a side's brisques.
   */
  'brisques_scored'?: (_bezique_v1_BrisquesScored__Output | null);
  /**
   * last_trick_scored scores the last trick.
   */
  'last_trick_scored'?: (_bezique_v1_LastTrickScored__Output | null);
  /**
   * deal_ended ends a deal.
   */
  'deal_ended'?: (_bezique_v1_DealEnded__Output | null);
  /**
   * game_ended ends the game.
   */
  'game_ended'?: (_bezique_v1_GameEnded__Output | null);
  /**
   * intervention is the referee acting for a seat.
   */
  'intervention'?: (_bezique_v1_Intervention__Output | null);
  /**
   * seat_connected is a seat's bot connecting.
   */
  'seat_connected'?: (_bezique_v1_SeatConnected__Output | null);
  /**
   * seat_disconnected is a seat's bot disconnecting.
   */
  'seat_disconnected'?: (_bezique_v1_SeatDisconnected__Output | null);
  /**
   * table_cancelled is the table cancelled before the game ended.
   */
  'table_cancelled'?: (_bezique_v1_TableCancelled__Output | null);
  /**
   * trump_fixed is the meld just declared fixing trump in a deal without a turn-up.
   */
  'trump_fixed'?: (_bezique_v1_TrumpFixed__Output | null);
  /**
   * carte_blanche_shown is a carte blanche shown and scored.
   */
  'carte_blanche_shown'?: (_bezique_v1_CarteBlancheShown__Output | null);
  /**
   * announcement_lapsed is a pending announcement ending unscored (RULES.md §8.18).
   */
  'announcement_lapsed'?: (_bezique_v1_AnnouncementLapsed__Output | null);
  /**
   * payload is what happened.
   */
  'payload'?: "deal_started"|"hand_dealt"|"turn_up_seven"|"card_played"|"trick_won"|"melded"|"seven_exchanged"|"seven_declared"|"seven_played_scored"|"meld_passed"|"window_ended"|"card_drawn"|"phase2_started"|"brisques_scored"|"last_trick_scored"|"deal_ended"|"game_ended"|"intervention"|"seat_connected"|"seat_disconnected"|"table_cancelled"|"trump_fixed"|"carte_blanche_shown"|"announcement_lapsed";
}

// Original file: ../../proto/bezique/v1/view.proto

import type { Variant as _bezique_v1_Variant, Variant__Output as _bezique_v1_Variant__Output } from '../../bezique/v1/Variant';
import type { Suit as _bezique_v1_Suit, Suit__Output as _bezique_v1_Suit__Output } from '../../bezique/v1/Suit';
import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from '../../bezique/v1/Card';
import type { SeatView as _bezique_v1_SeatView, SeatView__Output as _bezique_v1_SeatView__Output } from '../../bezique/v1/SeatView';
import type { Play as _bezique_v1_Play, Play__Output as _bezique_v1_Play__Output } from '../../bezique/v1/Play';
import type { Trick as _bezique_v1_Trick, Trick__Output as _bezique_v1_Trick__Output } from '../../bezique/v1/Trick';
import type { SideScore as _bezique_v1_SideScore, SideScore__Output as _bezique_v1_SideScore__Output } from '../../bezique/v1/SideScore';
import type { Phase as _bezique_v1_Phase, Phase__Output as _bezique_v1_Phase__Output } from '../../bezique/v1/Phase';
import type { WindowState as _bezique_v1_WindowState, WindowState__Output as _bezique_v1_WindowState__Output } from '../../bezique/v1/WindowState';
import type { MeldValue as _bezique_v1_MeldValue, MeldValue__Output as _bezique_v1_MeldValue__Output } from '../../bezique/v1/MeldValue';

/**
 * View is what one seat may know of a table; the public view (for spectators) has no
 * seat and no hand.
 */
export interface View {
  /**
   * seat is the seat whose view this is; unset in the public view.
   */
  'seat'?: (number);
  /**
   * variant is the game played.
   */
  'variant'?: (_bezique_v1_Variant);
  /**
   * deal is the deal number, 1-based.
   */
  'deal'?: (number);
  /**
   * dealer is the dealer's seat.
   */
  'dealer'?: (number);
  /**
   * trump is the trump suit; SUIT_UNSPECIFIED while no marriage or sequence has fixed it in a
   * deal without a turn-up (RULES.md §3.6.3).
   */
  'trump'?: (_bezique_v1_Suit);
  /**
   * turn_up is the turn-up card while it is in the stock; unset after.
   */
  'turn_up'?: (_bezique_v1_Card | null);
  /**
   * stock_size is the number of cards left in the stock, turn-up included.
   */
  'stock_size'?: (number);
  /**
   * hand is the seat's own hand; empty in the public view.
   */
  'hand'?: (_bezique_v1_Card)[];
  /**
   * seats are every seat's public state, in seat order.
   */
  'seats'?: (_bezique_v1_SeatView)[];
  /**
   * trick is the current trick's number, 1-based.
   */
  'trick'?: (number);
  /**
   * current_trick are the cards played so far to the current trick.
   */
  'current_trick'?: (_bezique_v1_Play)[];
  /**
   * past_tricks are the finished tricks of the deal, oldest first; empty in the compact form,
   * which has them in past_trick_plays, past_trick_sizes and past_trick_winners.
   */
  'past_tricks'?: (_bezique_v1_Trick)[];
  /**
   * scores are every side's score, in side order.
   */
  'scores'?: (_bezique_v1_SideScore)[];
  /**
   * to_act is the seat to act; unset when nobody is (deal or game over).
   */
  'to_act'?: (number);
  /**
   * phase is where the deal stands.
   */
  'phase'?: (_bezique_v1_Phase);
  /**
   * window is the post-trick window's state; set in PHASE_WINDOW only.
   */
  'window'?: (_bezique_v1_WindowState | null);
  /**
   * spent_sevens are the trump sevens that have scored and can score no more (RULES.md §8.1).
   */
  'spent_sevens'?: (_bezique_v1_Card)[];
  /**
   * last_stock_card is the two-handed last stock card, shown to both seats and spectators (RULES.md
   * §8.9, reveal_last_stock_card).
   */
  'last_stock_card'?: (_bezique_v1_Card | null);
  /**
   * duel is the four-handed phase-2 duel, 1 or 2; 0 otherwise.
   */
  'duel'?: (number);
  /**
   * duel_seats are the two seats of the current duel; empty outside the duels.
   */
  'duel_seats'?: (number)[];
  /**
   * target is the game target in points.
   */
  'target'?: (number);
  /**
   * winner_side is the winning side once the game is over; unset before.
   */
  'winner_side'?: (number);
  /**
   * trick_winner is the play winning the current trick so far, as the referee decides tricks
   * (RULES.md §1.2); unset while current_trick is empty. Bots read it rather than compare cards.
   */
  'trick_winner'?: (_bezique_v1_Play | null);
  /**
   * beating_cards are this seat's cards (in hand or tabled) that would take the current trick
   * from trick_winner if played now (RULES.md §1.2: a higher card of its suit, or a trump over a
   * plain card), by card id; empty while current_trick is empty and in the public view, and
   * filled whether or not the seat is to play (a seat that has played to the trick, or is out of
   * the four-handed duel, has them too). Whether a card may be played at all is what the legal
   * actions say.
   */
  'beating_cards'?: (_bezique_v1_Card)[];
  /**
   * meld_values are the points of every meld kind under the table's rules (RULES.md §4,
   * quadruple_value), in MeldKind order; a kind that scores nothing at the table (a bezique level
   * the variant's packs cannot form) is left out.
   */
  'meld_values'?: (_bezique_v1_MeldValue)[];
  /**
   * compact tells that the view is in its compact form (Join.view_mode VIEW_MODE_COMPACT), which
   * carries the same information as the full form in fewer bytes and messages: every Card has
   * its id only (text, suit, rank and copy follow from the id, see Card.id), and the finished
   * tricks are in past_trick_plays, past_trick_sizes and past_trick_winners instead of
   * past_tricks. The SDKs expand a compact view to the full form before a bot sees it.
   */
  'compact'?: (boolean);
  /**
   * past_trick_plays are, in the compact form, the plays of the finished tricks (past_tricks'
   * plays), oldest trick first and in the order played, one number per play:
   * card id + 256 * seat + 1024 * from_table (1 if the card came from the seat's tabled cards),
   * so card id = p % 256, seat = p / 256 % 4, from_table = p / 1024 == 1. A trick's number is
   * its place in the list (1-based) and its leader the seat of its first play.
   */
  'past_trick_plays'?: (number)[];
  /**
   * past_trick_sizes are, in the compact form, how many plays each finished trick has, oldest
   * first: past_trick_plays split into tricks.
   */
  'past_trick_sizes'?: (number)[];
  /**
   * past_trick_winners are, in the compact form, the seat that won each finished trick, oldest
   * first.
   */
  'past_trick_winners'?: (number)[];
  '_seat'?: "seat";
  '_to_act'?: "to_act";
  '_winner_side'?: "winner_side";
}

/**
 * View is what one seat may know of a table; the public view (for spectators) has no
 * seat and no hand.
 */
export interface View__Output {
  /**
   * seat is the seat whose view this is; unset in the public view.
   */
  'seat'?: (number);
  /**
   * variant is the game played.
   */
  'variant': (_bezique_v1_Variant__Output);
  /**
   * deal is the deal number, 1-based.
   */
  'deal': (number);
  /**
   * dealer is the dealer's seat.
   */
  'dealer': (number);
  /**
   * trump is the trump suit; SUIT_UNSPECIFIED while no marriage or sequence has fixed it in a
   * deal without a turn-up (RULES.md §3.6.3).
   */
  'trump': (_bezique_v1_Suit__Output);
  /**
   * turn_up is the turn-up card while it is in the stock; unset after.
   */
  'turn_up': (_bezique_v1_Card__Output | null);
  /**
   * stock_size is the number of cards left in the stock, turn-up included.
   */
  'stock_size': (number);
  /**
   * hand is the seat's own hand; empty in the public view.
   */
  'hand': (_bezique_v1_Card__Output)[];
  /**
   * seats are every seat's public state, in seat order.
   */
  'seats': (_bezique_v1_SeatView__Output)[];
  /**
   * trick is the current trick's number, 1-based.
   */
  'trick': (number);
  /**
   * current_trick are the cards played so far to the current trick.
   */
  'current_trick': (_bezique_v1_Play__Output)[];
  /**
   * past_tricks are the finished tricks of the deal, oldest first; empty in the compact form,
   * which has them in past_trick_plays, past_trick_sizes and past_trick_winners.
   */
  'past_tricks': (_bezique_v1_Trick__Output)[];
  /**
   * scores are every side's score, in side order.
   */
  'scores': (_bezique_v1_SideScore__Output)[];
  /**
   * to_act is the seat to act; unset when nobody is (deal or game over).
   */
  'to_act'?: (number);
  /**
   * phase is where the deal stands.
   */
  'phase': (_bezique_v1_Phase__Output);
  /**
   * window is the post-trick window's state; set in PHASE_WINDOW only.
   */
  'window': (_bezique_v1_WindowState__Output | null);
  /**
   * spent_sevens are the trump sevens that have scored and can score no more (RULES.md §8.1).
   */
  'spent_sevens': (_bezique_v1_Card__Output)[];
  /**
   * last_stock_card is the two-handed last stock card, shown to both seats and spectators (RULES.md
   * §8.9, reveal_last_stock_card).
   */
  'last_stock_card': (_bezique_v1_Card__Output | null);
  /**
   * duel is the four-handed phase-2 duel, 1 or 2; 0 otherwise.
   */
  'duel': (number);
  /**
   * duel_seats are the two seats of the current duel; empty outside the duels.
   */
  'duel_seats': (number)[];
  /**
   * target is the game target in points.
   */
  'target': (number);
  /**
   * winner_side is the winning side once the game is over; unset before.
   */
  'winner_side'?: (number);
  /**
   * trick_winner is the play winning the current trick so far, as the referee decides tricks
   * (RULES.md §1.2); unset while current_trick is empty. Bots read it rather than compare cards.
   */
  'trick_winner': (_bezique_v1_Play__Output | null);
  /**
   * beating_cards are this seat's cards (in hand or tabled) that would take the current trick
   * from trick_winner if played now (RULES.md §1.2: a higher card of its suit, or a trump over a
   * plain card), by card id; empty while current_trick is empty and in the public view, and
   * filled whether or not the seat is to play (a seat that has played to the trick, or is out of
   * the four-handed duel, has them too). Whether a card may be played at all is what the legal
   * actions say.
   */
  'beating_cards': (_bezique_v1_Card__Output)[];
  /**
   * meld_values are the points of every meld kind under the table's rules (RULES.md §4,
   * quadruple_value), in MeldKind order; a kind that scores nothing at the table (a bezique level
   * the variant's packs cannot form) is left out.
   */
  'meld_values': (_bezique_v1_MeldValue__Output)[];
  /**
   * compact tells that the view is in its compact form (Join.view_mode VIEW_MODE_COMPACT), which
   * carries the same information as the full form in fewer bytes and messages: every Card has
   * its id only (text, suit, rank and copy follow from the id, see Card.id), and the finished
   * tricks are in past_trick_plays, past_trick_sizes and past_trick_winners instead of
   * past_tricks. The SDKs expand a compact view to the full form before a bot sees it.
   */
  'compact': (boolean);
  /**
   * past_trick_plays are, in the compact form, the plays of the finished tricks (past_tricks'
   * plays), oldest trick first and in the order played, one number per play:
   * card id + 256 * seat + 1024 * from_table (1 if the card came from the seat's tabled cards),
   * so card id = p % 256, seat = p / 256 % 4, from_table = p / 1024 == 1. A trick's number is
   * its place in the list (1-based) and its leader the seat of its first play.
   */
  'past_trick_plays': (number)[];
  /**
   * past_trick_sizes are, in the compact form, how many plays each finished trick has, oldest
   * first: past_trick_plays split into tricks.
   */
  'past_trick_sizes': (number)[];
  /**
   * past_trick_winners are, in the compact form, the seat that won each finished trick, oldest
   * first.
   */
  'past_trick_winners': (number)[];
  '_seat'?: "seat";
  '_to_act'?: "to_act";
  '_winner_side'?: "winner_side";
}

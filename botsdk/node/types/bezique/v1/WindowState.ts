// Original file: ../../proto/bezique/v1/view.proto

import type { WindowStage as _bezique_v1_WindowStage, WindowStage__Output as _bezique_v1_WindowStage__Output } from '../../bezique/v1/WindowStage';
import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from '../../bezique/v1/Card';

/**
 * WindowState is the state of the post-trick window.
 */
export interface WindowState {
  /**
   * winner is the seat that won the trick.
   */
  'winner'?: (number);
  /**
   * stage is whose stage it is.
   */
  'stage'?: (_bezique_v1_WindowStage);
  /**
   * meld_done tells whether the side has made its one meld in this window.
   */
  'meld_done'?: (boolean);
  /**
   * meld_passed tells whether the winner passed the meld privilege to the partner.
   */
  'meld_passed'?: (boolean);
  /**
   * partner is the winner's partner; unset outside the partnership game.
   */
  'partner'?: (number);
  /**
   * exchanged is the card taken by a seven exchange in this window, if any.
   */
  'exchanged'?: (_bezique_v1_Card | null);
  '_partner'?: "partner";
}

/**
 * WindowState is the state of the post-trick window.
 */
export interface WindowState__Output {
  /**
   * winner is the seat that won the trick.
   */
  'winner': (number);
  /**
   * stage is whose stage it is.
   */
  'stage': (_bezique_v1_WindowStage__Output);
  /**
   * meld_done tells whether the side has made its one meld in this window.
   */
  'meld_done': (boolean);
  /**
   * meld_passed tells whether the winner passed the meld privilege to the partner.
   */
  'meld_passed': (boolean);
  /**
   * partner is the winner's partner; unset outside the partnership game.
   */
  'partner'?: (number);
  /**
   * exchanged is the card taken by a seven exchange in this window, if any.
   */
  'exchanged': (_bezique_v1_Card__Output | null);
  '_partner'?: "partner";
}

// Original file: ../../proto/bezique/v1/actions.proto

import type { PlayAction as _bezique_v1_PlayAction, PlayAction__Output as _bezique_v1_PlayAction__Output } from '../../bezique/v1/PlayAction';
import type { MeldAction as _bezique_v1_MeldAction, MeldAction__Output as _bezique_v1_MeldAction__Output } from '../../bezique/v1/MeldAction';
import type { SevenExchangeAction as _bezique_v1_SevenExchangeAction, SevenExchangeAction__Output as _bezique_v1_SevenExchangeAction__Output } from '../../bezique/v1/SevenExchangeAction';
import type { SevenDeclareAction as _bezique_v1_SevenDeclareAction, SevenDeclareAction__Output as _bezique_v1_SevenDeclareAction__Output } from '../../bezique/v1/SevenDeclareAction';
import type { PassMeldAction as _bezique_v1_PassMeldAction, PassMeldAction__Output as _bezique_v1_PassMeldAction__Output } from '../../bezique/v1/PassMeldAction';
import type { EndWindowAction as _bezique_v1_EndWindowAction, EndWindowAction__Output as _bezique_v1_EndWindowAction__Output } from '../../bezique/v1/EndWindowAction';
import type { CarteBlancheAction as _bezique_v1_CarteBlancheAction, CarteBlancheAction__Output as _bezique_v1_CarteBlancheAction__Output } from '../../bezique/v1/CarteBlancheAction';

/**
 * Action is one move of the seat to act.
 */
export interface Action {
  /**
   * play plays a card to the trick.
   */
  'play'?: (_bezique_v1_PlayAction | null);
  /**
   * meld declares a meld.
   */
  'meld'?: (_bezique_v1_MeldAction | null);
  /**
   * seven_exchange exchanges the trump seven for the turn-up.
   */
  'seven_exchange'?: (_bezique_v1_SevenExchangeAction | null);
  /**
   * seven_declare shows the trump seven.
   */
  'seven_declare'?: (_bezique_v1_SevenDeclareAction | null);
  /**
   * pass_meld passes the side's meld privilege to the partner.
   */
  'pass_meld'?: (_bezique_v1_PassMeldAction | null);
  /**
   * end_window ends the seat's stage of the post-trick window.
   */
  'end_window'?: (_bezique_v1_EndWindowAction | null);
  /**
   * carte_blanche shows a hand without a king, queen or jack (Rubicon, six-pack).
   */
  'carte_blanche'?: (_bezique_v1_CarteBlancheAction | null);
  /**
   * kind is the move.
   */
  'kind'?: "play"|"meld"|"seven_exchange"|"seven_declare"|"pass_meld"|"end_window"|"carte_blanche";
}

/**
 * Action is one move of the seat to act.
 */
export interface Action__Output {
  /**
   * play plays a card to the trick.
   */
  'play'?: (_bezique_v1_PlayAction__Output | null);
  /**
   * meld declares a meld.
   */
  'meld'?: (_bezique_v1_MeldAction__Output | null);
  /**
   * seven_exchange exchanges the trump seven for the turn-up.
   */
  'seven_exchange'?: (_bezique_v1_SevenExchangeAction__Output | null);
  /**
   * seven_declare shows the trump seven.
   */
  'seven_declare'?: (_bezique_v1_SevenDeclareAction__Output | null);
  /**
   * pass_meld passes the side's meld privilege to the partner.
   */
  'pass_meld'?: (_bezique_v1_PassMeldAction__Output | null);
  /**
   * end_window ends the seat's stage of the post-trick window.
   */
  'end_window'?: (_bezique_v1_EndWindowAction__Output | null);
  /**
   * carte_blanche shows a hand without a king, queen or jack (Rubicon, six-pack).
   */
  'carte_blanche'?: (_bezique_v1_CarteBlancheAction__Output | null);
  /**
   * kind is the move.
   */
  'kind'?: "play"|"meld"|"seven_exchange"|"seven_declare"|"pass_meld"|"end_window"|"carte_blanche";
}

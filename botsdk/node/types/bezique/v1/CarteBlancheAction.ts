// Original file: ../../proto/bezique/v1/actions.proto


/**
 * CarteBlancheAction shows a carte blanche before the seat's next play of phase 1: the dealt hand
 * without a king, queen or jack, or, after one was shown, a non-court card just drawn (RULES.md
 * §3.6.4, §8.13). It scores 50 in Rubicon, 250 in six-pack.
 */
export interface CarteBlancheAction {
}

/**
 * CarteBlancheAction shows a carte blanche before the seat's next play of phase 1: the dealt hand
 * without a king, queen or jack, or, after one was shown, a non-court card just drawn (RULES.md
 * §3.6.4, §8.13). It scores 50 in Rubicon, 250 in six-pack.
 */
export interface CarteBlancheAction__Output {
}

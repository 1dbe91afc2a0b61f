// Original file: ../../proto/bezique/v1/actions.proto


/**
 * PassMeldAction passes the side's meld privilege from the trick winner to the partner
 * (four-handed partnership, RULES.md §8.8).
 */
export interface PassMeldAction {
}

/**
 * PassMeldAction passes the side's meld privilege from the trick winner to the partner
 * (four-handed partnership, RULES.md §8.8).
 */
export interface PassMeldAction__Output {
}

// Original file: ../../proto/bezique/v1/actions.proto


/**
 * EndWindowAction ends the seat's stage of the post-trick window (RULES.md §1.5, §8.8).
 */
export interface EndWindowAction {
}

/**
 * EndWindowAction ends the seat's stage of the post-trick window (RULES.md §1.5, §8.8).
 */
export interface EndWindowAction__Output {
}

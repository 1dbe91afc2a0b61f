// Original file: ../../proto/bezique/v1/seat.proto


/**
 * TeamMessage is a message from a member of a team seat to the other members of that seat only
 * (never to the other seats, nor to spectators before the game ends). The record keeps it.
 */
export interface TeamMessage {
  /**
   * text is the message: at most 256 bytes of UTF-8 without control characters (otherwise, and
   * on a seat that is not a team seat, a Rejection REJECTION_CODE_MALFORMED naming the field, no
   * strike; the stream goes on).
   */
  'text'?: (string);
  /**
   * proposal_action_id proposes one of the open request's legal actions (its action_id); it is
   * relayed as is, whatever the request.
   */
  'proposal_action_id'?: (number);
  '_proposal_action_id'?: "proposal_action_id";
}

/**
 * TeamMessage is a message from a member of a team seat to the other members of that seat only
 * (never to the other seats, nor to spectators before the game ends). The record keeps it.
 */
export interface TeamMessage__Output {
  /**
   * text is the message: at most 256 bytes of UTF-8 without control characters (otherwise, and
   * on a seat that is not a team seat, a Rejection REJECTION_CODE_MALFORMED naming the field, no
   * strike; the stream goes on).
   */
  'text': (string);
  /**
   * proposal_action_id proposes one of the open request's legal actions (its action_id); it is
   * relayed as is, whatever the request.
   */
  'proposal_action_id'?: (number);
  '_proposal_action_id'?: "proposal_action_id";
}

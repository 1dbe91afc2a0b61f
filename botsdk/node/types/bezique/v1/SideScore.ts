// Original file: ../../proto/bezique/v1/view.proto


/**
 * SideScore is one side's score. The side of a seat is seat % 2 in the partnership game,
 * else the seat itself.
 */
export interface SideScore {
  /**
   * side is the side, 0-based.
   */
  'side'?: (number);
  /**
   * deal_points are the side's points in the current (or just finished) deal.
   */
  'deal_points'?: (number);
  /**
   * total is the side's game total, this deal included.
   */
  'total'?: (number);
}

/**
 * SideScore is one side's score. The side of a seat is seat % 2 in the partnership game,
 * else the seat itself.
 */
export interface SideScore__Output {
  /**
   * side is the side, 0-based.
   */
  'side': (number);
  /**
   * deal_points are the side's points in the current (or just finished) deal.
   */
  'deal_points': (number);
  /**
   * total is the side's game total, this deal included.
   */
  'total': (number);
}

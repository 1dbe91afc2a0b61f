// Original file: ../../proto/bezique/v1/table.proto


/**
 * Clock is a table's time control.
 */
export interface Clock {
  /**
   * decision_ms is the time for each decision before the bank is used, from 10 to 600 000; 0
   * means the referee's default (10 000).
   */
  'decision_ms'?: (number);
  /**
   * bank_ms is each seat's time bank at the start; unset means the referee's default (60 000),
   * 0 means no bank.
   */
  'bank_ms'?: (number);
  /**
   * increment_ms is added to the bank after each decision the seat answers; a timeout empties
   * the bank and adds nothing.
   */
  'increment_ms'?: (number);
  '_bank_ms'?: "bank_ms";
}

/**
 * Clock is a table's time control.
 */
export interface Clock__Output {
  /**
   * decision_ms is the time for each decision before the bank is used, from 10 to 600 000; 0
   * means the referee's default (10 000).
   */
  'decision_ms': (number);
  /**
   * bank_ms is each seat's time bank at the start; unset means the referee's default (60 000),
   * 0 means no bank.
   */
  'bank_ms'?: (number);
  /**
   * increment_ms is added to the bank after each decision the seat answers; a timeout empties
   * the bank and adds nothing.
   */
  'increment_ms': (number);
  '_bank_ms'?: "bank_ms";
}

// Original file: ../../proto/bezique/v1/key.proto

/**
 * Role is what an API key may do (docs/SECURITY.md lists the RPCs of each role). A caller without
 * a key is an anonymous spectator: it may watch public tables only.
 */
export const Role = {
  /**
   * ROLE_UNSPECIFIED is no role; CreateKey refuses it.
   */
  ROLE_UNSPECIFIED: 'ROLE_UNSPECIFIED',
  /**
   * ROLE_ADMIN may do everything: keys, the audit trail, cancelling any table.
   */
  ROLE_ADMIN: 'ROLE_ADMIN',
  /**
   * ROLE_ORGANISER creates tables, cancels the tables it created, lists and watches tables and
   * reads records.
   */
  ROLE_ORGANISER: 'ROLE_ORGANISER',
  /**
   * ROLE_BOT is a registered bot identity: it joins the seats bound to its key (and any seat
   * whose token it holds), lists and watches tables and reads records.
   */
  ROLE_BOT: 'ROLE_BOT',
  /**
   * ROLE_WATCHER only watches and reads: it lists, reads and watches every table (public or
   * not), record, replay and tournament, and creates, cancels and joins nothing. It is the key
   * to give a web page that shows games (a spectator's page, another site's iframe), whose
   * visitors can read it.
   */
  ROLE_WATCHER: 'ROLE_WATCHER',
} as const;

/**
 * Role is what an API key may do (docs/SECURITY.md lists the RPCs of each role). A caller without
 * a key is an anonymous spectator: it may watch public tables only.
 */
export type Role =
  /**
   * ROLE_UNSPECIFIED is no role; CreateKey refuses it.
   */
  | 'ROLE_UNSPECIFIED'
  | 0
  /**
   * ROLE_ADMIN may do everything: keys, the audit trail, cancelling any table.
   */
  | 'ROLE_ADMIN'
  | 1
  /**
   * ROLE_ORGANISER creates tables, cancels the tables it created, lists and watches tables and
   * reads records.
   */
  | 'ROLE_ORGANISER'
  | 2
  /**
   * ROLE_BOT is a registered bot identity: it joins the seats bound to its key (and any seat
   * whose token it holds), lists and watches tables and reads records.
   */
  | 'ROLE_BOT'
  | 3
  /**
   * ROLE_WATCHER only watches and reads: it lists, reads and watches every table (public or
   * not), record, replay and tournament, and creates, cancels and joins nothing. It is the key
   * to give a web page that shows games (a spectator's page, another site's iframe), whose
   * visitors can read it.
   */
  | 'ROLE_WATCHER'
  | 4

/**
 * Role is what an API key may do (docs/SECURITY.md lists the RPCs of each role). A caller without
 * a key is an anonymous spectator: it may watch public tables only.
 */
export type Role__Output = typeof Role[keyof typeof Role]

// Package engine is the rules of Bézique: the single source of truth of the bezique referee. It
// imports the standard library only, and is deterministic: no I/O, no goroutines, no clocks, no
// global random source.
//
// A tour:
//
//   - [NewRules] builds a variant's rules with the options of RULES.md §5 (defaults filled in and
//     validated): two-handed, three-handed, four-handed partnership (seed 000), four-handed
//     each-for-himself, Rubicon and six-pack (one deal each, settled in game points:
//     [Game.Settlement]). [OptionCatalog] lists every option (type, values, default per variant,
//     section), from the one table that NewRules, [Rules.Options] and [Rules.Validate] read;
//     enumerated options are typed constants ([DealerRotation], [ReuseRule], ...).
//   - [NewGame] deals from a [Dealing]: a 32-byte [Seed], whose SHA-256 is the published
//     commitment, shuffled by the algorithm of docs/DEALING.md, or explicit [StackedDeal]s.
//   - Exactly one seat acts at any moment: [Game.Turn]. [Game.Legal] appends every legal
//     [Action] of a seat to a caller's slice — card plays, melds with their kind, cards and
//     points (upgrades and partner builds included), seven-of-trumps exchange and declaration,
//     carte blanche, passing the meld privilege, ending the post-trick window.
//   - [Game.Apply] applies an action and returns the [Event]s it caused, or an [*Error] naming
//     the refused rule (RULES.md section); a refused action changes nothing.
//   - [Game.View] is what one seat may know; [Game.View]([NoSeat]) is the spectators' view;
//     [Event.Redact] is the only redaction of events.
//   - A game replays exactly from (rules, dealing, actions).
//
// Cards are small integers ([Card]: copy*32 + suit*8 + rank), hands are short arrays, and a card
// play allocates nothing.
package engine

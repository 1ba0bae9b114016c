# The texts of the pages and of the printed scoresheet in English: the arbiter's console,
# the reconciliation plan (Law D.2.9) and the scoresheet's headings. Squares are written
# as on a scoresheet ($square: "e4"), moves in SAN with the language's letters.

## The console
console-read-only = Read-only view
console-arbiter = Arbiter console — { $name }
console-skip = Skip to the boards
console-reload = Reload the page to see changes.
console-glance = At a glance
console-alerts = Alerts
console-boards = Boards
console-plan = Reconciliation (Law D.2.9)
console-clocks = Clocks
console-claims = Claims
console-moves = Move lists
console-log = Event log
console-actions = Arbiter actions
console-no-alerts = No alerts.
console-no-claims = No pending claims.
console-no-plan = No reconciliation needed.
console-plan-open = The boards differ: a reconciliation plan waits below.
console-state-waiting = The game has not started.
console-state-running = The game is running.
console-state-paused = The clocks are paused by the arbiter.
console-state-adjourned = The game is adjourned.
console-state-finished = The game is over: { $result }.
console-next-game = Confirm the result and start the next game
console-clock-side = { color }
console-clock-vi = { color } — VI player
console-clock-running = Running
console-clock-stopped = Stopped
console-clock-paused = Paused
console-clock-moves = Moves: { $count }
console-claim = { color } claims { $ground }: { $detail }
console-uphold = Uphold claim { $id }
console-reject = Reject claim { $id }
console-dismiss = Dismiss alert { $id }
console-carry-out = Carry out the plan
console-pause = Pause clocks
console-resume = Resume clocks
console-side = Side
console-white = White
console-black = Black
console-set-clock = Set a clock
console-time-left = Time left (h:mm:ss)
console-set-clock-button = Set clock
console-set-moves = Set a move counter
console-moves-made = Moves made
console-set-moves-button = Set counter
console-penalty = Penalty (Laws 7.5.5, 12.9)
console-penalty-kind = Penalty
console-penalty-warning = Warning
console-penalty-add = Add time to the opponent
console-penalty-reduce = Reduce the offender's time
console-penalty-lose = Game lost
console-seconds = Seconds
console-penalty-button = Apply penalty
console-declare = Declare the result
console-result = Result
console-reason = Reason
console-declare-button = Declare result
console-vi-board = Board of the VI player
console-sighted-board = Board of the sighted player
console-board-as-text = { $board } as text
console-board-unreadable = This board cannot be read.
console-boards-agree = The two boards agree.
console-boards-differ = The boards differ on { $count ->
    [one] one square
   *[other] { $count } squares
 }.
console-square-differs = { $square }: VI board { $vi }, sighted board { $sighted }.
console-square-empty = empty
console-scoresheets = Both scoresheets, ply by ply
console-ply = Ply
console-vi-player = VI player
console-sighted-player = Sighted player
console-same = Same
console-yes = yes
console-no = no
console-no-moves = No moves yet.

## The reconciliation plan (Law D.2.9)
plan-ply = { color }, move { $number }
plan-agreement = Both boards agree with the scoresheets.
plan-scoresheets-agree = The scoresheets agree up to { $at }. A board differs from them and is put right.
plan-scoresheets-agree-start = The scoresheets agree (starting position). A board differs from them and is put right.
plan-scoresheets-differ = The scoresheets differ from { $at }. The game goes back to the position after { $last }, where they last agree.
plan-scoresheets-differ-start = The scoresheets differ from { $at }. The game goes back to the starting position, where they last agree.
plan-boards-agree = Both boards show the game of one scoresheet. The other scoresheet is corrected (Law 8.1).
plan-continues = The game continues after { $at }.
plan-continues-start = The game continues from the starting position.
plan-findings = Findings
plan-board-of = { $player ->
    [vi] Board of the VI player
   *[sighted] Board of the sighted player
 }
plan-player = { $player ->
    [vi] the VI player
   *[sighted] the sighted player
 }
plan-move-on-one-board = The board of { plan-player } lacks the moves from { $at } on: { $moves }.
plan-wrong-move = At { $at } the board of { plan-player } shows { $executed } instead of { $recorded }.
plan-board-disturbed = The board of { plan-player } has pieces on wrong squares: { $squares }.
plan-unrecorded = The scoresheet of { plan-player } lacks the moves from { $at } on: { $moves }.
plan-not-played = The scoresheet of { plan-player } has moves from { $at } on that no board shows: { $moves }. They are struck out.
plan-missing-move = The scoresheet of { plan-player } lacks the move { $moves } at { $at }.
plan-swapped = { $player ->
    [none] Two moves are recorded in the wrong order: { $moves }.
   *[other] The scoresheet of { plan-player } has two moves in the wrong order: { $moves }.
 }
plan-illegal-entry = The scoresheet of { plan-player } has “{ $moves }” at { $at }, which is no legal move.
plan-different-move = At { $at } the VI player recorded { $vi }, the sighted player { $sighted }.
plan-step-remove = Remove { $piece } from { $from }.
plan-step-move = Move { $piece } from { $from } to { $to }.
plan-step-lift = Lift { $piece } from { $from } and keep it in hand.
plan-step-place = Place { $piece } on { $to }.
plan-step-add = Put { $piece } on { $to }.
plan-clocks = Set the clocks: White { $white }, Black { $black }. Move counters: White { $white-moves }, Black { $black-moves }.
plan-clocks-unknown = No clock times are recorded for that move: the arbiter sets the clocks. Move counters: White { $white-moves }, Black { $black-moves }.

## The printed scoresheet
sheet-title = Scoresheet
sheet-doc-title = Scoresheet: { $white } – { $black }
sheet-page = Page { $number } of { $pages }
sheet-event = Event
sheet-site = Site
sheet-date = Date
sheet-round = Round
sheet-board = Board
sheet-arbiter = Arbiter
sheet-time-control = Time control
sheet-white = White
sheet-black = Black
sheet-vi = VI player
sheet-by-hand = Please write this by hand (right-to-left script).
sheet-title-label = Title
sheet-rating = Rating
sheet-fide-id = FIDE ID
sheet-federation = Federation
sheet-number = No.
sheet-time = Time
sheet-result = Result
sheet-illegal-none = No illegal moves.
sheet-illegal-added = ‡ { $move }: illegal move by { color }; { $time } added to the opponent (Law 7.5.5).
sheet-illegal-lost = ‡ { $move }: illegal move by { color }; the game ends (Law 7.5.5).
sheet-sign-white = Signature White
sheet-sign-black = Signature Black
sheet-sign-arbiter = Signature Arbiter
sheet-footer = Written by annabella from the table's journal. (=) a draw offer with this move (Law 9.1.2.2). ‡ an illegal move in place of this move (Law 7.5).
sheet-clocks = Clock times
sheet-clocks-note = Remaining time after each move (the times are also in the move columns).
sheet-axis-move = Move

## The console's sign-in and error pages
console-sign-in = Arbiter sign-in
console-sign-in-token = Console token (printed when the console started)
console-sign-in-name = Your name (recorded with every action)
console-sign-in-open = Open the arbiter console
console-error = Not done
console-back = Back
console-say-remote-token = Access from another computer needs the console token.
console-say-needs-token = The arbiter console needs the console token.
console-say-wrong-token = That token is not right.
serve-two-hosts = A request has one Host header.
serve-foreign-host = This server does not answer to that host name.
serve-foreign-form = A form must come from this server's own page.
serve-guesses = Too many wrong tokens from this computer; try again in a minute.
console-say-needs-name = Enter your name: it is recorded with every action.
console-say-not-running = The table is not running: the request was not delivered.
console-say-action-token = Arbiter actions need the console token.
console-say-action-name = Every action needs the arbiter's name (field "by").
console-say-sent = Sent: { $action } (by { $by }).
console-say-refuse-missing = The field "{ $field }" is empty: fill it in.
console-say-refuse-number = The field "{ $field }" holds "{ $text }": enter a whole number.
console-say-refuse-clock = The time left "{ $text }" is not a time: enter it as h:mm:ss, for example 1:29:00.
console-say-refuse-over-a-day = The time left { $text } is more than 24 hours: a clock is set to at most 24:00:00.
console-say-refuse-form = The form is incomplete or out of date: reload the page and try again.
console-refused-no-claim = there is no pending claim { $claim }
console-refused-no-alert = there is no alert { $alert }
console-refused-no-plan = there is no plan
console-refused-plan-changed = the plan changed since it was shown
console-refused-unknown-board = { $board ->
    [vi] the VI player's board
   *[sighted] the sighted player's board
} is not known
console-refused-plan-steps = the plan's steps do not fit the boards
console-refused-not-over = the game is not over yet; its result is confirmed once it is

## The hall: the overview, one table's page and the projector
hall-title = Tournament hall
hall-title-arbiter = Tournament hall — chief arbiter
hall-title-screen = Tournament hall — screen
hall-alerts = Alerts
hall-tables = Tables
hall-all-games = All games (PGN)
hall-calm = No table needs the arbiter.
hall-alert-count = { $count ->
    [one] { $count } alert needs the arbiter.
   *[other] { $count } alerts need the arbiter.
}
hall-table = Table { $table }
hall-no-table = No table has published yet.
hall-after-ply = (after half-move { $number })
hall-record = record { $number }
hall-witness-replayed = earlier view replayed
hall-witness-contradicted = journal contradicted
hall-kind-called = arbiter called
hall-kind-paused = clocks paused
hall-kind-peg-board = peg board differs
hall-kind-sighted-board = sighted board differs
hall-kind-sighted-touch = touched piece (sighted player)
hall-kind-vi-touch = touched piece (VI player)
hall-kind-press = clock pressed without a move
hall-kind-flag = flag fallen
hall-kind-claim = claim
hall-kind-illegal = illegal move
hall-kind-clock-device = clock device
hall-kind-entry = entry differs from the board
hall-state-waiting = Waiting for the table's first view.
hall-state-finished = Finished: { $result } ({ $termination }).
hall-state-adjourned = Adjourned.
hall-state-white = White to move.
hall-state-black = Black to move.
hall-state-paused-white = Clocks paused, White to move.
hall-state-paused-black = Clocks paused, Black to move.
hall-claim-waits = A claim waits.
hall-white = White
hall-black = Black
hall-running = ▶ running
hall-vi = VI
hall-vi-long = (VI)
hall-last-move = Last move: { $move }
hall-no-move = No move yet.
hall-dropped = Messages dropped: { $text }.
hall-dropped-none = none
hall-dropped-unsigned = { $count } unsigned
hall-dropped-forged = { $count } signed with another key
hall-dropped-unknown = { $count } from a table without a key at the hall
hall-dropped-big = { $count } too big
hall-dropped-malformed = { $count } malformed or on a wrong topic
hall-dropped-illegal = { $count } with an illegal move
hall-dropped-gap = { $count } after a gap (waiting for the next view)
hall-dropped-absurd = { $count } with an absurd record or game number
hall-dropped-old = { $count } of an earlier game
hall-dropped-actions = { $count } forged arbiter actions
hall-dropped-contradicting = { $count } contradicting a witnessed journal head
hall-dropped-replayed = { $count } replayed from before the hall's restart
hall-dropped-newer = { $count } in a newer protocol than this hall reads (update the hall)
hall-dismiss = Dismiss this alert at table { $table }
hall-pause = Pause clocks at table { $table }
hall-resume = Resume clocks at table { $table }
hall-result = Result at table { $table }
hall-declare = Declare the result at table { $table }
hall-next-game = Confirm the result and start the next game at table { $table }
hall-back = Back to the hall
hall-no-alert = No alert at this table.
hall-dismissed = (dismissed)
hall-moves = Moves
hall-clock-chart = Clocks over the game
hall-clock-numbers = The same as a table

## The console's log, alerts and claims (the view of the table)
view-refused = { $text } Refused: { $reason }.
view-input-refused = Input refused: { $reason }.
view-said-vi = Said to the VI player: “{ $text }”.
view-said-sighted = Said to the sighted player: “{ $text }”.
view-said-both = Said to both players: “{ $text }”.
view-recorded = Move { $move } recorded ({ $time } left).
view-alert-log = Alert: { $text }
view-alert = { $what }: { $detail }
view-game-over = Game over: { $result } ({ $termination }).
view-device = { $device }: { $report }.
view-device-down = The link to the { $device }: { $report }.
view-device-name = { $device ->
    [clock] clock
    [peg_board] peg board
    [dgt] DGT board
   *[other] { $name }
}
view-report-opened = opened { $path }
view-report-reopened = reopened { $path }
view-report-lost = lost: { $reason }
view-report-open-failed = cannot open: { $reason }
view-pegs = Peg board: a peg on { $squares } where no piece of the game is missing (shown as a pawn; the board senses only occupancy).
view-ground-threefold = threefold repetition (9.2)
view-ground-fifty = fifty moves (9.3)
view-claim-intended = intended move { $move }; the table could not uphold it
view-claim-not-upheld = the table could not uphold it
view-by-arbiter = { $user }: { $text }.
view-keyboard = Arbiter at the keyboard: { $text }.
view-started = The game is started.
view-heard = VI player said: “{ $text }”.
view-assistant = The assistant typed the sighted player's move { $move }.
view-sighted = Sighted player: { $what }.
view-alert-called = The arbiter is called
view-alert-paused = Clocks paused by a player
view-alert-peg-board = The boards differ (peg board)
view-alert-sighted-board = The boards differ (sighted board)
view-alert-sighted-touch = Touch-move (sighted player)
view-alert-vi-touch = Touch-move (VI player)
view-alert-press = Clock pressed without a move
view-alert-flag = Flag fall
view-alert-clock-device = The clock device (lost, back or low battery)
view-alert-claim = A claim to rule on
view-alert-illegal = Illegal move on the sighted board
view-alert-entry = The assistant's entry differs from the board
view-cause-clock-lost = the clock device is not connected or switched off; the table keeps the time and presses the clocks itself
view-cause-clock-back = the clock device is back; its lever presses count again
view-cause-clock-refuses = the clock device does not take the table's times; set it by hand (the table keeps the time)
view-cause-clock-battery = the clock device reports a low battery
view-cause-start-waits = the game waits for the start position on the sighted board; the arbiter's start starts it anyway
view-cause-sighted-board = the sighted board differs from the game
view-cause-sighted-press = the sighted player pressed the clock, but no move was seen on the board
view-cause-paused-vi = the VI player stopped the clocks
view-cause-paused-sighted = the sighted player ({ $side }) stopped the clocks
view-cause-paused-button = a player at the table stopped the clocks (the clock's button)
view-cause-flag = { $side }'s flag fell (the VI player's); the opponent or the arbiter may claim

## play: game after game (the arbiter's terminal)
play-offer-next = The game in { $dir } is over ({ $result }). Start the next game in { $next }? [yes]:
play-next-begins = The game in { $dir } is over ({ $result }): the next game begins in { $next }.
play-new-game = A new game, as asked: the game in { $dir } stays as it is, the next begins in { $next }.
play-game-over = Game { $number } is over: { $result }. The next game follows.
play-game-records = Game { $number }: { $line }
play-not-over = The game is not over yet: its result can be confirmed once it is.
play-confirmed = { $by }: the result is confirmed; the next game follows.
play-round = Round { $round }: { $white } – { $black } (Round "{ $pgn }").
play-waiting = Waiting for the pairing of round { $round }: { $why }.
play-forfeit = Round { $round }, board { $board } ({ $white } – { $black }) is decided by forfeit: there is nothing to play.
play-no-pairing = The TRF file has no board { $board } in round { $round } yet.
play-vi-bye = Round { $round }: { $name } has no game (a bye); the table waits for the next round.
play-vi-not-paired = The TRF file does not name the visually impaired player (start number { $rank }) in round { $round } yet.
play-no-trf = The table's file names no TRF file or no board.
play-journal = The game's journal is { $path }.
play-written = The file { $path } is written.
play-braille-not-written = The Braille scoresheet was not written: { $why }.
play-printed-not-written = The printed scoresheet was not written: { $why }.
play-result = The game is over: { $result } ({ $termination }).
play-script-ended = The script ended before the game did; the journal keeps it.

## demo: what the operator's terminal is told
demo-earlier-records = The folder { $dir } holds an earlier game's records, which are kept; this game goes to { $next }.
demo-starts = The demo plays the script { $script }; its records go to { $dir }.
demo-hall-drained = The hall's broker has records 1 to { $last } of the journal.
demo-hall-behind = The hall's broker has only records 1 to { $acked } of { $last }; the rest wait in the journal { $journal }, and "annabella hall publish --once --journal { $journal } …" sends them.
demo-hall-failed = Not every record reached the hall: { $error }.

## devices: what `annabella devices` finds
devices-no-ports = No serial ports were found.
devices-no-audio = No audio input devices were found.

## devices watch: what a device reports
watch-opened = { $reconnect ->
    [yes] Connected again
   *[no] Connected
} to { $path }; the whole state is read anew.
watch-lost = The link is lost ({ $why }); no move is inferred across the gap.
watch-open-failed = The port cannot be opened ({ $why }); trying again.
watch-hello = The device says who it is: { $version }.
watch-move = The move { $move } is made on the board.
watch-promotion = The promotion from { $from } to { $to } waits for the announced piece.
watch-ambiguous = Several legal moves fit: { $moves }.
watch-in-sync = The board matches the game.
watch-mismatch = The board differs from the game: { $what }.
watch-touched = The piece { $piece } on { $square } is lifted (device time { $at } ms).
watch-lift = A peg is lifted from { $square } (device time { $at } ms).
watch-place = A peg is placed on { $square } (device time { $at } ms).
watch-lever = { $color ->
    [white] White
   *[black] Black
} pressed the clock's lever (device time { $at } ms).
watch-button = The { $button ->
    [time-query] time query
    [pause] pause
   *[push-to-talk] push-to-talk
} button is { $pressed ->
    [yes] pressed
   *[no] released
} (device time { $at } ms).
watch-clock-status = The DGT 3000 is { $connected ->
    [yes] connected
   *[no] not connected
} and { $running ->
    [yes] running
   *[no] stopped
}; its battery is { $battery ->
    [yes] low
   *[no] fine
}.
watch-clock-gone = The DGT 3000 has been silent for { $ms } ms although asked.
watch-clock-times = The clock shows White { $white }, Black { $black }; { $running ->
    [white] White's clock is running.
    [black] Black's clock is running.
   *[none] no clock is running.
}
watch-clock-button = Button { $code } of the DGT 3000 is pressed.
watch-clock-ack = The DGT 3000 acknowledged the command.
watch-clock-failed = The DGT 3000 never acknowledged the command.
watch-error = A protocol error, the link goes on: { $why }.

## journal replay and export: what the reader of a journal is told
journal-accepted-unkeyed = Warning: the journal { $path } carries no MACs although this table has a secret; it is read, not authenticated, only because you said so with { $accept }: whoever could write the file may have rewritten its game, and nothing here can tell.
journal-dropped = The last record of the journal { $path } ({ $seq }, at { $at } ms) was torn or damaged and has been set aside ({ $damage }); the game continues from record { $next }.
journal-damaged = Record { $seq } of the journal { $path } is damaged ({ $damage }); records 1 to { $last } were replayed, { $count ->
    [one] the record from there on was not.
   *[other] the { $count } records from there on were not.
}
journal-file-damage = The journal { $path } is damaged outside its records: { $why }.
journal-other-secret = The journal { $path } was written with another table secret (id { $journal }) than the one given (id { $given }): its MACs cannot be checked.
journal-unkeyed-refused = Possible tampering: the journal { $path } carries no MACs, but this table has a secret (every journal made at a keyed table is keyed, demo games too), so its MACs may have been stripped and its game rewritten.
journal-unkeyed-hint = If you know the journal { $path } is genuine, { $accept } reads it, not authenticated.
journal-old-format = The journal { $path } is not authenticated: it was written before journals were keyed (format 2); only accidental damage is detected.
journal-unkeyed = The journal { $path } is not authenticated: it was made without a table secret; only accidental damage is detected.
journal-unkeyed-by-design = The journal { $path } is not authenticated: it was made without a table secret by design (a demo or test game); only accidental damage is detected.
journal-no-secret = The journal { $path } is not authenticated: it is keyed, but was read without the table's secret (give it with { $secret }); only accidental damage was checked.
journal-authenticated = The journal { $path } is authenticated by the table's secret.
journal-refused = Record { $seq } was refused by the table: { $why }.
journal-edited-after-game = The records of the journal { $path } no longer replay to the finished game stored when it ended (record { $seq }): the journal was edited after the game; the PGN is the stored one.
journal-stored-pgn = The PGN of the journal { $path } is the finished game stored when it ended (record { $seq }).
journal-damage-hash = its hash does not match the record
journal-damage-forged = tampering: its hash is right but its MAC is not, so it was rewritten without the table's secret
journal-damage-decode = the input does not decode (written by another version?): { $error }
journal-damage-column = column { $field } holds { $found }
journal-damage-gap = record { $expected } is missing (found { $found } next)
journal-damage-time = the time { $at } ms is before the previous record's { $previous } ms
journal-damage-missing = it is missing: the journal's head says it holds { $head } records
journal-damage-head = the journal's head does not match its last record ({ $error })
journal-damage-finished = it is missing: the stored finished game ends at record { $last }
journal-damage-unreadable = its page cannot be read: { $error }

## journal replay: the rebuilt table
replay-records = { $count ->
    [one] One record was replayed.
   *[other] { $count } records were replayed.
}
replay-position = The position in FEN: { $fen }.
replay-moves = The moves: { $moves }.
replay-no-moves = No move has been played yet.
replay-clocks = The clocks: White { $white }, Black { $black }; { $running ->
    [white] White's clock is running.
    [black] Black's clock is running.
   *[none] no clock is running.
}
replay-announced = Announced and not yet completed: { $said } ({ $made ->
    [yes] made on the board
   *[no] not yet made
}).
replay-draw-offer = { $color ->
    [white] White
   *[black] Black
} has offered a draw.
replay-arbiter = Record { $seq } at { $at } table time, by the arbiter { $by }: { $what }.

## unwinnable: can a side still checkmate (Laws 5.2.2, 6.9)
unwinnable-unreachable = Note: this position cannot arise in a game ({ $why ->
    [impossible-check] a check no last move could have given
   *[too-much-material] more material than promotions could give
}).
unwinnable-no = { $color ->
    [white] White
   *[black] Black
} cannot checkmate by any series of legal moves.
unwinnable-yes = { $color ->
    [white] White
   *[black] Black
} can checkmate, for example: { $moves }.
unwinnable-undetermined = Undetermined: the search gave up.

## pairings: a round's pairings and results for the arbiter
pairings-board = Board { $board }: { $white } against { $black }.
pairings-forfeit = Board { $board }, { $winner ->
    [white] won by White by forfeit (1-0)
    [black] won by Black by forfeit (0-1)
   *[none] a double forfeit
}: { $white } against { $black }.
pairings-bye = { $kind ->
    [half-point] A half-point bye
    [full-point] A full-point bye
    [pairing-allocated] A pairing-allocated bye
    [forfeit-win] A win by forfeit
    [zero-point] A zero-point bye
   *[not-paired] Not paired
}: { $player }.
pairings-written = Round { $round }: { $written } of { $boards } boards' results are written to { $out } ({ $won } by forfeit; { $forfeits } forfeits and { $byes } byes of the pairing kept and counted).
pairings-unfinished = Not written: board { $board }, the game is not finished.
pairings-in-file-same = Not written: board { $board }, the file has { $has } already.
pairings-in-file = Not written: board { $board }, the file has { $has }, the game says { $given }; the file's is kept.
pairings-no-game = Not written: board { $board }, there is no game of the board.
pairings-other-round = Not written: the game { $white } – { $black }{ $tag } (line { $line }) is of round { $played }, not of round { $round }.
pairings-forfeit-result = { $result } by forfeit

## clock: a presses file through a time control
clock-control = Time control { $control } ({ $rate ->
    [blitz] blitz
    [rapid] rapid
   *[standard] standard
}); White's clock starts at 0.
clock-flag = Line { $line }: { $color ->
    [white] White's
   *[black] Black's
} time ran out at { $at }.
clock-step = Line { $line }, { $at }: { $what }; White has { $white }, Black { $black }.
clock-what-start = { $color ->
    [white] White
   *[black] Black
} starts
clock-what-move = { $color ->
    [white] White
   *[black] Black
} completes move { $number }
clock-what-press = { $color ->
    [white] White
   *[black] Black
} presses
clock-what-pause = Pause
clock-what-resume = The clocks run again
clock-what-add = { $time } added for { $color ->
    [white] White
   *[black] Black
}
clock-what-show = Shown

## The table's story (what play and the demo print by default)
story-hears = { $who ->
    [vi] The VI player
   *[sighted] The sighted player
} hears: “{ $text }”.
story-cut = ({ $how ->
    [superseded] replaced by a newer announcement
    [stopped] cut off by "stop speaking"
    [skipped] skipped
    [interrupted] interrupted by a more urgent announcement, said again afterwards
    [expired] dropped, its time had passed
   *[failed] the voice could not say it
})
story-button = The VI player presses the clock's { $button ->
    [time-query] time button
    [pause] pause button
    [push-to-talk] push-to-talk button
    [whose-turn] "whose turn" button
    [repeat-last-move] "repeat the last move" button
   *[call-arbiter] "call the arbiter" button
}.
story-sealed = A move is sealed: the game is adjourned.

# The hall's refusals and notices (web.rs) and its Lichess line.
hall-refused-title = Error { $status }
hall-error-token = That token is not the hall's.
hall-error-name = Enter your name (by=…): It is recorded with every action.
hall-error-state = The hall's state is not readable.
hall-error-arbiter = The chief arbiter's hall needs the hall token.
hall-error-no-table = There is no table “{ $table }” in the hall.
hall-error-action = Arbiter actions need the hall token.
hall-error-field-table = The form lacks the field “table”.
hall-error-field-result = Field “result”: Expected 1-0, 0-1 or 1/2-1/2, got “{ $got }”.
hall-error-field-result-missing = The form lacks the field “result” (1-0, 0-1 or 1/2-1/2).
hall-error-field-seq = Field “seq”: Expected the record number of the alert.
hall-error-field-action = Field “action”: Expected pause, resume, declare-result, dismiss-alert or next-game, got “{ $got }”.
hall-error-field-action-missing = The form lacks the field “action” (pause, resume, declare-result, dismiss-alert or next-game).
hall-error-busy = Too many spectators follow the hall live; reload the page later.
hall-error-no-file = No such file of the round.
hall-sent = Sent to table { $table }: { $what }.
hall-not-sent-key = Not sent to table { $table }: The hall lacks this table's action key.
hall-not-sent-name = Not sent to table { $table }: The broker cannot carry a table's name written like this.
hall-not-sent-encode = Not sent to table { $table }: The action could not be written down for sending.
hall-not-sent-broker = Not sent to table { $table }: The link to the broker takes no messages now; try again in a moment.
hall-what-pause = pause the clocks
hall-what-resume = resume the clocks
hall-what-next-game = confirm the result and begin the next game
hall-what-result = declare the result { $result }
hall-what-dismiss = dismiss record { $seq }
hall-push-games = { $count ->
    [one] one game pushed
   *[other] { $count } games pushed
}
hall-push-failed = push failed: { $problem }
hall-push-why-unreachable = the server at { $url } cannot be reached
hall-push-why-too-long = its reply was longer than { $kib } KiB and was not read
hall-push-why-broke = its reply broke off
hall-push-why-not-lichess = the reply is not Lichess's
hall-push-why-redirect = refused ({ $code }): the server sends the push elsewhere ({ $to }); a push is never sent on to another address
hall-push-why-slow-down = Lichess asks to slow down (429)
hall-push-why-server = Lichess has trouble ({ $code }): { $said }
hall-push-why-refused = refused ({ $code }): { $said }
hall-push-why-token = refused ({ $code }): { $said } (is the token valid, with study:write, and is the broadcast yours?)
hall-push-why-round = refused ({ $code }): { $said } (is the round id right?)
hall-push-again = trying again in { $seconds } s
hall-push-stopped = not sent again until the round changes
hall-push-refused = not taken: board { $board } ({ $white } - { $black }): { $error }
hall-push-more = { $count } more games not taken
hall-push-line = Lichess broadcast round { $round }: { $text }.

# The board's and the clock chart's texts for screen readers (annabella-board).
board-same = No differences to the other board.
board-differs = Differs from the other board on { $squares }.
board-no-pieces = no pieces
board-chart-title = Remaining time of each side, move by move
board-chart-after = After half-move { $number }: White { $white }, Black { $black }. The table below has every value.
board-chart-none = No move yet.
board-chart-caption = Remaining time after each move
board-chart-move = Move
board-chart-white = White
board-chart-black = Black

# What an arbiter did, as the console's and the hall's log show it (annabella-view).
view-act-white = White
view-act-black = Black
view-act-pause = pause the clocks
view-act-resume = resume the clocks
view-act-set-clock = set { $side }'s clock to { $time }
view-act-set-moves = set { $side }'s move counter to { $moves }
view-act-warn = warn { $side }
view-act-add-opponent = penalise { $side }: { $seconds } s added to { $other }
view-act-reduce = penalise { $side }: { $seconds } s taken off
view-act-lose = declare the game lost for { $side }
view-act-uphold = uphold claim { $claim }
view-act-reject = reject claim { $claim }
view-act-result = declare the result { $result } ({ $reason })
view-act-plan = carry out the reconciliation plan
view-act-dismiss = dismiss alert { $alert }
view-act-next-game = confirm the result and begin the next game

# Who called the arbiter, on the hall's and the projector's alerts.
hall-called-vi = The VI player ({ $side }) calls the arbiter; the clocks are stopped.
hall-called-sighted = The sighted player ({ $side }) calls the arbiter; the clocks are stopped.
hall-called-sighted-running = The sighted player ({ $side }) calls the arbiter.
hall-called-button = A player at the table calls the arbiter (the clock's button); the clocks are stopped.

## init: the set-up wizard (what the organiser or the arbiter is told and asked)
init-ports-none = No serial port was found: plug the boards and the clock in by USB.
init-port-dgt = A DGT board answers on { $path } (firmware { $version }){ $clock ->
    [yes] , with a DGT 3000 clock on its cable
   *[no] {""}
}.
init-port-peg = A tactile peg board answers on { $path } (firmware { $version }).
init-port-clock = A tactile clock answers on { $path } (firmware { $version }).
init-port-second = It is a second one of its kind and is not used.
init-port-problem = What it reports is no chess position: { $problem }.
init-port-silent = Nothing known answers on { $path }: neither the HELLO of a peg board or a clock nor a DGT board's version request is answered within { $ms } ms.
init-port-unopened = The port { $path } cannot be used: { $why }.
init-not-found = { $device ->
    [peg-board] No peg board
    [dgt] No DGT board
   *[clock] No tactile clock
} was found: it is written as "none".
init-mics-none = No microphone was found: plug in a headset microphone.
init-mic = Microphone { $id }: { $name }{ $default ->
    [yes] {" "}(the default input)
   *[no] {""}
}.
init-voices = The voices of espeak-ng for { $language }: { $voices }.
init-voices-none = Espeak-ng has no voice for { $language }.
init-ask-vi = Which colour does the visually impaired player have (white or black)?
init-ask-white = What is White's name?
init-ask-black = What is Black's name?
init-ask-time-control = Which time control, in PGN form (5400+30 is 90 minutes plus 30 seconds a move)?
init-ask-vi-language = Which language does the visually impaired player hear (de, en, lt, lv, hu)?
init-ask-sighted-language = Which language does the sighted player read?
init-ask-records = Which directory are the game records written to?
init-ask-model = Which Vosk model directory hears the player (none: the words are typed)?
init-ask-event = What is the event, the tournament's name (empty: none)?
init-ask-site = Where is it played, the town (empty: none)?
init-ask-round = Which round is it (empty: none)?
init-ask-board = Which board number does the table play (empty: none)?
init-ask-arbiter = What is the arbiter's name (empty: none)?
init-problem-kings = { $count } { $color ->
    [white] white
   *[black] black
} kings on the board
init-problem-pieces = { $count } { $color ->
    [white] white
   *[black] black
} pieces on the board
init-problem-pawn = a pawn on the first or the last rank
init-problem-pegs = { $count } holes hold a peg, and a game has at most 32 pieces
init-prompt = { $question } [{ $default }]:
init-again = Not understood: { $why }. Please answer again.
init-why-color = white or black
init-why-language = one of de, en, lt, lv, hu
init-why-board = a board number from 1
init-why-time-control = no time control in PGN form ({ $why })
init-why-model = no Vosk model ({ $why })
init-hall-no-password = No password file for the hall's broker was given: the [hall] block is written commented out; fill in the table's password at the broker and remove the # signs.
init-hall-for = For the hall, the administrator does three things for table { $table }.
init-hall-user = 1. Make the table's user on the broker; the command asks for a password: the one in the table's [hall] block.
init-hall-acl = 2. Add these lines to /etc/mosquitto/annabella/acl, then run "systemctl reload mosquitto".
init-hall-tables = 3. Add this entry to the hall's tables file (annabella hall --tables FILE).
init-secret = { $made ->
    [yes] The table's secret is made
   *[no] The table's secret is kept
}: { $path } (private, mode 0600). Its journals are authenticated with it: keep it, and never copy it to another table.
init-signing-key = { $made ->
    [yes] The table's signing key is made
   *[no] The table's signing key is kept
}: { $path } (private, mode 0600) and { $public } (public, for the hall).
init-note-no-peg-board = There is no peg board: the VI player uses an ordinary tactile set, a move is made when they confirm it (the clock press, the word "gesetzt" or "done", or the assistant's key), and touches cannot be seen.
init-note-dgt-clock = There is no tactile clock: the DGT 3000 on the DGT board is the table's clock (its lever presses, its buttons ask the time, whose turn it is, the last move and the arbiter).
init-note-no-clock = No clock was found: the table keeps the time itself, and both presses are "automatic" (the VI player's word or the assistant's key, the sighted player's move on the DGT board); the times are shown on the console and in the hall.
init-written = The file { $path } is written.
init-handed = The service's user { $user } is given { $paths }.
init-lichess-kept = The Lichess token in { $path } is kept.
init-lichess-paste = Paste your Lichess token (lichess.org/account/oauth/token, scope board:play), then press Enter.
init-lichess-written = The Lichess token is written to { $path } (private, mode 0600; it is read from there only).
init-next = Next, check the table with: annabella doctor --config { $path }.
init-error-exists = The file { $path } exists already and is not replaced.
init-error-read = The file { $path } cannot be read: { $why }.
init-error-trf = The file { $path } cannot be read as a TRF file: { $why }.
init-error-forfeit = In the TRF file { $path }, round { $round }, board { $board } ({ $white } – { $black }) is decided by forfeit ({ $winner ->
    [white] 1-0
    [black] 0-1
   *[none] both players forfeit
}): no game is played there.
init-error-no-such-board = Round { $round } of the TRF file { $path } has no board { $board }: its boards are 1 to { $boards }.
init-error-refused = { $question } The answer "{ $given }" is not understood: { $why }.
init-error-input-ended = Standard input ended before an answer to the question: { $question }
init-error-cannot-play = The table init would write cannot play: { $why }.
init-error-write = The file { $path } cannot be written: { $why }.
init-error-keys = The table's signing key cannot be made or read: { $why }.
init-error-no-board-anywhere = No board was found: neither a DGT board nor a tactile peg board answered on any serial port. Plug the boards in and switch them on, then run init again.
init-error-no-board = No board was found: neither a DGT board nor a tactile peg board answered on { $ports }. Plug the boards in and switch them on, then run init again.
init-error-token = The Lichess token is not one: { $why }.
init-error-lichess = A Lichess setting is not one: { $why }.
init-error-no-token = No Lichess token was given: it is one line on standard input.
init-error-secret = The table's secret cannot be made or read: { $why }.
init-error-io = Writing to the terminal failed: { $why }.
init-hint-force = With --force it is replaced; with --out another file is written.
init-hint-non-interactive = With --non-interactive nothing is asked: the flags and the defaults give the answers.
init-hint-no-devices = With --no-devices a table without devices is written (typed moves only).

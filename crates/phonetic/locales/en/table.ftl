# The table's sentences in English. Moves and squares arrive rendered in the announcement
# scheme; $color is "white" or "black", $role "king" … "pawn", $name the piece's name.

color = { $color ->
    [white] White
   *[black] Black
 }
piece = { $color ->
    [white] white
   *[black] black
 } { $name }
piece-accusative = the { piece }
list-and = { $head } and { $last }

# Game flow
game-starts = The game starts. { color } to move.
move-by = { color }: { $move }
take-off-captured-pawn = Take the captured pawn off { $square }.
not-started = The game has not started.
game-is-over = The game is over.
not-your-turn = It is not your move.
clocks-stopped = The clocks are stopped.
clocks-run-again = The clocks run again.
say-move-again = Please say your move.
already-made = The move has already been made.
released-touched = The move has already been made and the piece was released.
nothing-to-correct = No move has been announced.
not-announced = The move has not been announced.
placed-not-announced = Placed but not announced: { $move }?
placed-other = Announced: { $said }. Placed: { $placed }.
capture-not-removed = The captured { piece } on { $square } has not been removed.
not-placed = The { $name } has not been placed on { $square }.
touch-move = Touched: { $name } on { $square }. This piece must move.
touch-capture = Touched: the opponent's { $name } on { $square }. It must be captured.

# Putting a board right
fix-remove = Take the piece off { $square }.
fix-remove-piece = Take { $piece } off { $square }.
fix-place = Put { $piece } on { $square }.
fix-move = Move { $piece } from { $from } to { $to }.
fix-replace = Replace { $found } on { $square } with { $piece }.
fixes-more = And { $count } more differences.
board-right = The board is right.
sighted-board-wrong = Your board is wrong.
opponent-board-fixing = Your opponent's board is being put right.
opponent-board-right = Your opponent's board is right again.

# Questions
time = White { $white }, Black { $black }.
moves-played = Played: White { $white }, Black { $black }.
moves-to-control = { $played } { $left } left to the time control.
whose-turn-you = { color } to move: you.
whose-turn-opponent = { color } to move: your opponent.
opponent-name = Your opponent is { $name }.
opponent-name-unknown = The opponent's name is not known.
opponent-touched = Your opponent had touched { $piece } on { $square }.
no-capture-yet = Nothing has been captured yet.
no-moves-yet = No move has been played yet.
help = Moves: Knight Felix three. Correction: correction. Board: where is my queen, where are my pieces, what is on Eva four, rank four, file Eva, diagonal Caesar one, last capture. Game: whose turn, last move, time, how many moves, who is my opponent. Declarations: draw, draw accepted, I resign, claim repetition Knight Gustav one. Call the arbiter, pause, stop.
analysis-refused = I may not say that: the Laws forbid the assistant any analysis. I tell the moves, the number of moves, the time and what stands where.

# Adjournment
adjourned = The game is adjourned. { color } seals the next move.
sealed-by-you = Sealed move recorded: { $move }. The clocks are stopped.
sealed = { color } has sealed a move. The clocks are stopped.
adjourned-sealed = The game is adjourned; the move is sealed.

# Arbiter, clock, claims
arbiter-informed = The arbiter has been informed.
clock-pressed = Clock pressed.
draw-offered = { color } offers a draw.
draw-declined = { color } declines the draw.
no-draw-offer = There is no draw offer.
confirm-resign = Really resign? Please say yes or no.
confirm-accept-draw = Accept the draw? Please say yes or no.
cancelled = Cancelled.
nothing-to-confirm = There is nothing to confirm.
claim-rejected = Claim rejected. It stands as a draw offer.
make-intended-move = Please make the intended move: { $move }.
claim-needs-move = Claim: please name the intended move.
claim-right-lost = After touching a piece you can no longer claim.
flag-not-fallen = The time has not run out.
arbiter-called = The arbiter has been called.
arbiter-called-clocks-stopped = The arbiter has been called. The clocks are stopped.
flag-fell = { color }'s time has run out.
time-added = { color } receives { $time }.
illegal-move-penalty = Illegal move by { color } (number { $count }).
position-restored = The position after half-move { $count } is restored.
sighted-illegal = { $move }: not a legal move ({ $why }).
execute-on-board = Please execute the opponent's move on your board.
illegal-by-you = Illegal move{ $shown }. The arbiter has been informed.
illegal-by-opponent = Your opponent has completed an illegal move{ $shown }.
unpromoted-by-you = Illegal move: the pawn was not promoted. It is replaced by a queen. The arbiter has been informed.
unpromoted-by-opponent = Your opponent did not promote a pawn. It is replaced by a queen.

# Results
game-over = Game over: { $result ->
    [white-wins] White wins
    [black-wins] Black wins
   *[draw] Draw
 }, { termination }.
termination = { $termination ->
    [checkmate] checkmate
    [stalemate] stalemate
    [dead-position] dead position
    [fivefold-repetition] fivefold repetition
    [seventy-five-moves] seventy-five-move rule
    [resignation] resignation
    [agreement] agreement
    [threefold-claim] threefold repetition claimed
    [fifty-moves-claim] fifty-move rule claimed
    [flag-fall] time forfeit
    [illegal-moves] illegal moves
   *[other] arbiter's decision
 }

# Times and counts (lt, lv and hu say numbers as digits, which their voices read)
hours = { $count } { $count ->
    [one] hour
   *[other] hours
 }
minutes = { $count } { $count ->
    [one] minute
   *[other] minutes
 }
seconds = { $count } { $count ->
    [one] second
   *[other] seconds
 }
moves = { $count } { $count ->
    [one] move
   *[other] moves
 }

# Answers about the board
where-is = { $count ->
    [one] { $name }
   *[other] { $name }s
 } on { $squares }
none-left = no { $name } left
what-is-on = { $square }, { $what }
empty = empty
diagonal = { $from } to { $to }: { $pieces }.

# Why what was said is no move ($label is the parser's English name of what was expected)
refusal-no-piece-can-reach = no { $name } can reach { $square }
refusal-no-piece-on = there is no { $name } on { $square }
refusal-pinned = the { $name } on { $square } is pinned
refusal-nothing-on = none of your pieces stands on { $square }
refusal-king-in-check = king would be in check
refusal-nothing-to-capture = there is nothing to capture on { $square }
refusal-own-piece = { $square } is occupied by an own piece
refusal-cannot-castle = { $side ->
    [short] castling short is not possible
    [long] castling long is not possible
   *[any] castling is not possible
 }
refusal-not-en-passant = this is no en passant capture
refusal-not-promotion = this move is no promotion
refusal-bad-promotion = a pawn cannot become a { $name }
refusal-promotion-missing = name the promotion piece
refusal-ambiguous = ambiguous: { $moves }
or = or
heard-nothing = nothing was said
heard-unknown-word = unknown word "{ $word }"
heard-unknown = unknown word
heard-unexpected = unexpected "{ $word }" (expected { $label })
heard-incomplete = incomplete: expected { $label }
expected = { $what ->
    [file] a file
    [rank] a rank
    [square] a square
    [piece] a piece
    [number] a number
    [nothing] no more words
   *[other] a move or a command
 }
clock-lost = The clock is not connected. The table keeps the time and presses the clock.
clock-back = The clock is connected again.
lever-down-plain = Your lever on the clock is already down. Say done after your move: that presses the clock.
lever-down-board = Your lever on the clock is already down. Your move on the board presses the clock.
clock-away-plain = Say done after each move: that presses the clock.
clock-away-board = Your move on the board presses the clock.
placed-done = Done. Your opponent's clock is running.
placed-press = Done. Please press the clock.
start-waits = The game starts once your opponent's board is set up.
help-plain = Without sensors: announce the move, set it on your board, then press the clock. The press means: placed and released. Or say done.

# Practice game against an engine
opponent-away = Your opponent is not here; the game is adjourned.
consult-waiting = One moment, I am asking the engine.
practice-hint = The engine suggests: { $move }.
practice-no-answer = The engine has no answer to that.
evaluation-better = Evaluation: you stand better by { $pawns } pawns.
evaluation-worse = Evaluation: you stand worse by { $pawns } pawns.
evaluation-equal = Evaluation: the position is equal.
evaluation-mate-for = Evaluation: you mate in { $count } moves.
evaluation-mate-against = Evaluation: you are mated in { $count } moves.
nothing-to-take-back = There is no move of yours to take back.
taken-back = Taken back: { $count } half-moves. It is your move; set your board back.
opponent-lost = Your opponent has failed: { $reason } The clocks are stopped. The game is kept and continues with an opponent.
opponent-failure = { $failure ->
    [not-started] The chess program could not be started.
    [stopped] The chess program has stopped.
    [hung] The chess program gave no answer for { $seconds } seconds.
    [garbage] The chess program gives answers that make no sense.
    [illegal-move] The chess program named an illegal move.
    [refused] The chess program refused one of its settings.
    [unreachable] The server could not be reached.
   *[disconnected] The connection to the server was lost.
 }
opponent-back = { $name } is back. The clocks run.

# Reviewing a game (annabella review)
review-game = Game { $white } against { $black }, { review-result }, { $count } half-moves. Say next, back, move twelve, start, end, position, moves or help.
review-result = { $result ->
    [white-wins] White won
    [black-wins] Black won
    [draw] a draw
   *[unfinished] not finished
 }
review-move = Move { $number }, { color }: { $move }.
review-start = The starting position.
review-at-start = You are at the start of the game.
review-at-end = That was the last move of the game.
review-at-end-unfinished = That was the last move played; the game is not finished, { color } is to move.
review-no-such-move = The game has no move { $number }.
review-moves = The moves so far: { $moves }.
review-no-moves = No move yet.
review-no-analysis = There is no engine evaluation of this game.
review-best = The best move was { $move }.
review-mistake = The next mistake: { $played } It loses { $pawns } pawns; better was { $best }.
review-no-mistake = No further mistake.
review-help = Say: next, back, move twelve, start, end, where is my knight, position, moves; after a practice game also evaluation, best move, next mistake.
review-not-understood = I did not understand that. Say help for what you can say.
review-mistake-plain = The next mistake: { $played } It loses { $pawns } pawns.
review-games = The file holds { $count } games; this is game { $number }. Choose another with --game and its number; --list-games lists them.
review-engine-missing = The chess engine { $engine } cannot be found. Install Stockfish (sudo apt install stockfish) or name another UCI engine with --engine. The game is reviewed without evaluation.
review-engine-failed = The chess engine { $engine } did not evaluate the game; it does not answer as a UCI engine does (details in the log). The game is reviewed without evaluation.
review-engine-no-chess960 = The chess engine { $engine } cannot play Chess960 (it has no UCI_Chess960 option), so it would read this game's castling wrongly. The game is reviewed without evaluation.
review-list = The file holds { $count } games.
review-list-entry = Game { $number }: { $white } against { $black }, { review-result }.
review-list-unreadable = Game { $number } cannot be read: { $why }.

online-only = That exists only in an online game.
abort-asked = The abort of the game is sent to the server.
opponent-is-here = Your opponent is still in the game; no win can be claimed.
victory-not-yet = Your opponent is gone, but the win cannot be claimed yet. Please wait.
victory-claimed = The win is claimed.
takeback-asked = Your opponent asks to take back a move. Say accept or decline.
takeback-accepted = You accept the takeback.
takeback-declined = You decline the takeback.
opponent-left = Your opponent left the game.
opponent-left-claim-in = Your opponent left the game. In { $count } seconds you can claim the win.
opponent-left-claim-now = Your opponent left the game. You can claim the win now: say claim victory.
victory-claimable = Your opponent is still gone. You can claim the win now: say claim victory.
opponent-returned = Your opponent is back in the game.
opponent-chat = Message from { $user }: { $text }
online-refused = The server refused: { $reason }
game-aborted = The game is aborted. It ends without a result and does not continue.
takeback-lapsed = The takeback request was not answered in time and is declined.

# Die Sätze des Tisches auf Deutsch. Züge und Felder kommen im Ansageschema; $color ist
# "white" oder "black", $role "king" … "pawn", $name der Name der Figur.

color = { $color ->
    [white] Weiß
   *[black] Schwarz
 }
piece = { $color ->
    [white] weiß
   *[black] schwarz
 }{ $role ->
    [queen] e
   *[other] er
 } { $name }
piece-accusative = { $role ->
    [queen] die { $color ->
        [white] weiße
       *[black] schwarze
     } { $name }
    [pawn] den { $color ->
        [white] weißen
       *[black] schwarzen
     } { $name }n
   *[other] den { $color ->
        [white] weißen
       *[black] schwarzen
     } { $name }
 }
list-and = { $head } und { $last }

# Ablauf der Partie
game-starts = Die Partie beginnt. { color } am Zug.
move-by = { color }: { $move }
take-off-captured-pawn = Nehmen Sie den geschlagenen { $pawn }n von { $square }.
not-started = Die Partie hat noch nicht begonnen.
game-is-over = Die Partie ist beendet.
not-your-turn = Sie sind nicht am Zug.
clocks-stopped = Die Uhren sind angehalten.
clocks-run-again = Die Uhren laufen wieder.
say-move-again = Bitte den Zug ansagen.
already-made = Der Zug ist bereits ausgeführt.
released-touched = Der Zug ist bereits ausgeführt, die Figur war losgelassen.
nothing-to-correct = Es ist kein Zug angesagt.
not-announced = Der Zug ist nicht angesagt.
placed-not-announced = Gesetzt, aber nicht angesagt: { $move }?
placed-other = Angesagt: { $said }. Gesetzt: { $placed }.
capture-not-removed = { $role ->
    [queen] Die
   *[other] Der
 } geschlagene { $color ->
    [white] weiße
   *[black] schwarze
 } { $name } auf { $square } ist noch nicht entfernt.
not-placed = { $role ->
    [queen] Die
   *[other] Der
 } { $name } ist noch nicht auf { $square } gesetzt.
touch-move = Berührt: { $name } auf { $square }. Diese Figur muss ziehen.
touch-capture = Berührt: gegnerische Figur { $name } auf { $square }. Sie muss geschlagen werden.

# Das Brett berichtigen
fix-remove = Nehmen Sie die Figur von { $square }.
fix-remove-piece = Nehmen Sie { $piece } von { $square }.
fix-place = Setzen Sie { $piece } auf { $square }.
fix-move = Setzen Sie { $piece } von { $from } auf { $to }.
fix-replace = Ersetzen Sie { $found } auf { $square } durch { $piece }.
fixes-more = Und { $count } weitere Abweichungen.
board-right = Das Brett stimmt.
sighted-board-wrong = Ihr Brett stimmt nicht.
opponent-board-fixing = Das Brett Ihres Gegners wird berichtigt.
opponent-board-right = Das Brett Ihres Gegners stimmt wieder.

# Fragen
time = Weiß { $white }, Schwarz { $black }.
moves-played = Gespielt: Weiß { $white }, Schwarz { $black }.
moves-to-control = { $played } Noch { $left } bis zur Zeitkontrolle.
whose-turn-you = { color } ist am Zug: Sie.
whose-turn-opponent = { color } ist am Zug: Ihr Gegner.
opponent-name = Ihr Gegner ist { $name }.
opponent-name-unknown = Der Name des Gegners ist nicht bekannt.
opponent-touched = Ihr Gegner hatte { $piece } auf { $square } berührt.
no-capture-yet = Noch nichts geschlagen.
no-moves-yet = Noch kein Zug gespielt.
help = Züge: Springer Felix drei. Korrektur: Korrektur. Brett: wo ist meine Dame, alle meine Figuren, was steht auf Eva vier, Reihe vier, Linie Eva, Diagonale Cäsar eins, letzter Schlagzug. Partie: wer ist am Zug, letzter Zug, Zeit, wie viele Züge, wer ist mein Gegner. Erklärungen: Remis, Remis angenommen, ich gebe auf, Reklamation Stellungswiederholung Springer Gustav eins. Schiedsrichter, Pause, Ruhe.
analysis-refused = Das darf ich nicht sagen: Die Regeln verbieten dem Assistenten jede Analyse. Ich sage Züge, die Zugzahl, die Zeit und was wo steht.

# Hängepartie
adjourned = Die Partie wird unterbrochen. { color } gibt den Abgabezug ab.
sealed-by-you = Abgabezug notiert: { $move }. Die Uhren sind angehalten.
sealed = { color } hat den Abgabezug abgegeben. Die Uhren sind angehalten.
adjourned-sealed = Die Partie ist unterbrochen, der Abgabezug ist abgegeben.

# Schiedsrichter, Uhr, Reklamationen
arbiter-informed = Der Schiedsrichter ist informiert.
clock-pressed = Uhr gedrückt.
draw-offered = { color } bietet Remis an.
draw-declined = { color } lehnt das Remis ab.
no-draw-offer = Es liegt kein Remisangebot vor.
confirm-resign = Wirklich aufgeben? Bitte ja oder nein.
confirm-accept-draw = Remis annehmen? Bitte ja oder nein.
cancelled = Abgebrochen.
nothing-to-confirm = Es gibt nichts zu bestätigen.
claim-rejected = Reklamation abgelehnt. Sie gilt als Remisangebot.
make-intended-move = Bitte den beabsichtigten Zug ausführen: { $move }.
claim-needs-move = Reklamation: bitte den beabsichtigten Zug nennen.
claim-right-lost = Nach dem Berühren einer Figur ist keine Reklamation mehr möglich.
flag-not-fallen = Die Zeit ist nicht abgelaufen.
arbiter-called = Der Schiedsrichter wird gerufen.
arbiter-called-clocks-stopped = Der Schiedsrichter wird gerufen. Die Uhren sind angehalten.
flag-fell = Die Zeit von { color } ist abgelaufen.
time-added = { color } erhält { $time }.
illegal-move-penalty = Unzulässiger Zug von { color } (Nummer { $count }).
position-restored = Die Stellung nach Halbzug { $count } ist wiederhergestellt.
sighted-illegal = { $move }: kein zulässiger Zug ({ $why }).
execute-on-board = Bitte den Zug des Gegners auf Ihrem Brett ausführen.
illegal-by-you = Unzulässiger Zug{ $shown }. Der Schiedsrichter ist informiert.
illegal-by-opponent = Ihr Gegner hat einen unzulässigen Zug ausgeführt{ $shown }.
unpromoted-by-you = Unzulässiger Zug: Der Bauer wurde nicht umgewandelt. Er wird durch eine Dame ersetzt. Der Schiedsrichter ist informiert.
unpromoted-by-opponent = Ihr Gegner hat einen Bauern nicht umgewandelt. Er wird durch eine Dame ersetzt.

# Ergebnisse
game-over = Partie beendet: { $result ->
    [white-wins] Weiß gewinnt
    [black-wins] Schwarz gewinnt
   *[draw] Remis
 }, { termination }.
termination = { $termination ->
    [checkmate] Schachmatt
    [stalemate] Patt
    [dead-position] tote Stellung
    [fivefold-repetition] fünfmalige Stellungswiederholung
    [seventy-five-moves] 75-Züge-Regel
    [resignation] Aufgabe
    [agreement] Einigung
    [threefold-claim] dreimalige Stellungswiederholung reklamiert
    [fifty-moves-claim] 50-Züge-Regel reklamiert
    [flag-fall] Zeitüberschreitung
    [illegal-moves] unzulässige Züge
   *[other] Entscheidung des Schiedsrichters
 }

# Zeiten und Anzahlen (Deutsch und Englisch sagen Zahlen in Worten, siehe spoken_time)
hours = { $count } { $count ->
    [one] Stunde
   *[other] Stunden
 }
minutes = { $count } { $count ->
    [one] Minute
   *[other] Minuten
 }
seconds = { $count } { $count ->
    [one] Sekunde
   *[other] Sekunden
 }
moves = { $count } { $count ->
    [one] Zug
   *[other] Züge
 }

# Antworten zum Brett
where-is = { $count ->
    [one] { $name }
   *[other] { $role ->
        [pawn] Bauern
        [rook] Türme
        [queen] Damen
        [king] Könige
       *[other] { $name }
    }
 } auf { $squares }
none-left = { $role ->
    [queen] keine
   *[other] kein
 } { $name } mehr
what-is-on = { $square }, { $what }
empty = leer
diagonal = { $from } bis { $to }: { $pieces }.

# Warum das Gesagte kein Zug ist ($what: file, rank, square, piece, number, nothing, other)
refusal-no-piece-can-reach = { $role ->
    [queen] keine
   *[other] kein
 } { $name } kann { $square } erreichen
refusal-no-piece-on = auf { $square } steht { $role ->
    [queen] keine
   *[other] kein
 } { $name }
refusal-pinned = { $role ->
    [queen] die
   *[other] der
 } { $name } auf { $square } ist gefesselt
refusal-nothing-on = auf { $square } steht keine eigene Figur
refusal-king-in-check = der König stünde im Schach
refusal-nothing-to-capture = auf { $square } ist nichts zu schlagen
refusal-own-piece = auf { $square } steht eine eigene Figur
refusal-cannot-castle = { $side ->
    [short] kurze Rochade ist nicht möglich
    [long] lange Rochade ist nicht möglich
   *[any] Rochade ist nicht möglich
 }
refusal-not-en-passant = das ist kein Schlagen en passant
refusal-not-promotion = dieser Zug ist keine Umwandlung
refusal-bad-promotion = ein Bauer kann nicht { $name } werden
refusal-promotion-missing = Umwandlungsfigur fehlt
refusal-ambiguous = mehrdeutig: { $moves }
or = oder
heard-nothing = nichts verstanden
heard-unknown-word = unbekanntes Wort { $word }
heard-unknown = unbekanntes Wort
heard-unexpected = nicht verstanden bei { $word }, erwartet { expected }
heard-incomplete = unvollständig, erwartet { expected }
expected = { $what ->
    [file] eine Linie
    [rank] eine Reihe
    [square] ein Feld
    [piece] eine Figur
    [number] eine Zahl
    [nothing] nichts mehr
   *[other] einen Zug oder ein Kommando
 }
clock-lost = Die Uhr ist nicht verbunden. Der Tisch führt die Zeit und drückt die Uhr.
clock-back = Die Uhr ist wieder verbunden.
lever-down-plain = Ihr Hebel an der Uhr ist schon unten. Sagen Sie nach Ihrem Zug gesetzt: das drückt die Uhr.
lever-down-board = Ihr Hebel an der Uhr ist schon unten. Ihr Zug auf dem Brett drückt die Uhr.
clock-away-plain = Sagen Sie nach jedem Zug gesetzt: das drückt die Uhr.
clock-away-board = Ihr Zug auf dem Brett drückt die Uhr.
placed-done = Gesetzt. Die Uhr Ihres Gegners läuft.
placed-press = Gesetzt. Bitte die Uhr drücken.
start-waits = Die Partie beginnt, sobald das Brett Ihres Gegners aufgebaut ist.
help-plain = Ohne Sensoren: Zug ansagen, auf Ihrem Brett setzen, dann die Uhr drücken. Der Druck heißt: gesetzt und losgelassen. Oder sagen Sie gesetzt.

# Übungspartie gegen eine Engine
opponent-away = Ihr Gegner ist nicht da; die Partie ist unterbrochen.
consult-waiting = Einen Moment, ich frage die Engine.
practice-hint = Vorschlag der Engine: { $move }.
practice-no-answer = Die Engine hat darauf keine Antwort.
evaluation-better = Bewertung: Sie stehen um { $pawns } Bauern besser.
evaluation-worse = Bewertung: Sie stehen um { $pawns } Bauern schlechter.
evaluation-equal = Bewertung: Die Stellung ist ausgeglichen.
evaluation-mate-for = Bewertung: Sie setzen in { $count } Zügen matt.
evaluation-mate-against = Bewertung: Sie werden in { $count } Zügen matt gesetzt.
nothing-to-take-back = Es gibt keinen Zug von Ihnen zum Zurücknehmen.
taken-back = Zurückgenommen: { $count } Halbzüge. Sie sind am Zug; stellen Sie Ihr Brett zurück.
opponent-lost = Ihr Gegner ist ausgefallen: { $reason } Die Uhren stehen. Die Partie ist gespeichert und wird mit einem Gegner fortgesetzt.
opponent-failure = { $failure ->
    [not-started] Das Schachprogramm ließ sich nicht starten.
    [stopped] Das Schachprogramm hat sich beendet.
    [hung] Das Schachprogramm hat { $seconds } Sekunden lang nicht geantwortet.
    [garbage] Das Schachprogramm gibt keine verständlichen Antworten.
    [illegal-move] Das Schachprogramm hat einen unzulässigen Zug genannt.
    [refused] Das Schachprogramm hat eine seiner Einstellungen abgelehnt.
    [unreachable] Der Server wurde nicht erreicht.
   *[disconnected] Die Verbindung zum Server ist abgebrochen.
 }
opponent-back = { $name } ist wieder da. Die Uhren laufen.

# Nachspielen einer Partie (annabella review)
review-game = Partie { $white } gegen { $black }, { review-result }, { $count } Halbzüge. Sagen Sie vor, zurück, Zug zwölf, Anfang, Ende, Stellung, Züge oder Hilfe.
review-result = { $result ->
    [white-wins] Weiß hat gewonnen
    [black-wins] Schwarz hat gewonnen
    [draw] Remis
   *[unfinished] nicht beendet
 }
review-move = Zug { $number }, { color }: { $move }.
review-start = Die Ausgangsstellung.
review-at-start = Sie sind am Anfang der Partie.
review-at-end = Das war der letzte Zug der Partie.
review-at-end-unfinished = Das war der letzte gespielte Zug; die Partie ist nicht beendet, { color } ist am Zug.
review-no-such-move = Die Partie hat keinen Zug { $number }.
review-moves = Die Züge bis hier: { $moves }.
review-no-moves = Noch kein Zug.
review-no-analysis = Für diese Partie gibt es keine Engine-Bewertung.
review-best = Der beste Zug war { $move }.
review-mistake = Der nächste Fehler: { $played } Er verliert { $pawns } Bauern; besser war { $best }.
review-no-mistake = Kein weiterer Fehler.
review-help = Sagen Sie: vor, zurück, Zug zwölf, Anfang, Ende, wo ist mein Springer, Stellung, Züge; nach einer Übungspartie auch Bewertung, bester Zug, nächster Fehler.
review-not-understood = Das habe ich nicht verstanden. Sagen Sie Hilfe für die Möglichkeiten.
review-mistake-plain = Der nächste Fehler: { $played } Er verliert { $pawns } Bauern.
review-games = Die Datei enthält { $count } Partien; dies ist Partie { $number }. Eine andere wählen Sie mit --game und ihrer Nummer; --list-games zählt sie auf.
review-engine-missing = Das Schachprogramm { $engine } ist nicht zu finden. Installieren Sie Stockfish (sudo apt install stockfish) oder nennen Sie mit --engine ein anderes UCI-Schachprogramm. Die Partie wird ohne Bewertung nachgespielt.
review-engine-failed = Das Schachprogramm { $engine } hat die Partie nicht bewertet; es antwortet nicht wie ein UCI-Schachprogramm (Einzelheiten im Protokoll). Die Partie wird ohne Bewertung nachgespielt.
review-engine-no-chess960 = Das Schachprogramm { $engine } kann kein Chess960 spielen (ihm fehlt die Einstellung UCI_Chess960), es würde die Rochaden dieser Partie falsch lesen. Die Partie wird ohne Bewertung nachgespielt.
review-list = Die Datei enthält { $count } Partien.
review-list-entry = Partie { $number }: { $white } gegen { $black }, { review-result }.
review-list-unreadable = Partie { $number } ist nicht lesbar: { $why }.

online-only = Das gibt es nur in einer Online-Partie.
abort-asked = Der Abbruch der Partie ist an den Server geschickt.
opponent-is-here = Ihr Gegner ist noch in der Partie; ein Sieg kann nicht beansprucht werden.
victory-not-yet = Ihr Gegner ist fort, aber der Sieg kann noch nicht beansprucht werden. Bitte warten Sie.
victory-claimed = Der Sieg ist beansprucht.
takeback-asked = Ihr Gegner bittet, einen Zug zurückzunehmen. Sagen Sie annehmen oder ablehnen.
takeback-accepted = Sie nehmen die Zugrücknahme an.
takeback-declined = Sie lehnen die Zugrücknahme ab.
opponent-left = Ihr Gegner hat die Partie verlassen.
opponent-left-claim-in = Ihr Gegner hat die Partie verlassen. In { $count } Sekunden können Sie den Sieg beanspruchen.
opponent-left-claim-now = Ihr Gegner hat die Partie verlassen. Sie können jetzt den Sieg beanspruchen: sagen Sie Sieg beanspruchen.
victory-claimable = Ihr Gegner ist noch fort. Sie können jetzt den Sieg beanspruchen: sagen Sie Sieg beanspruchen.
opponent-returned = Ihr Gegner ist in die Partie zurückgekehrt.
opponent-chat = Nachricht von { $user }: { $text }
online-refused = Der Server hat abgelehnt: { $reason }
game-aborted = Die Partie ist abgebrochen. Sie endet ohne Ergebnis und wird nicht fortgesetzt.
takeback-lapsed = Die Bitte um Zugrücknahme blieb ohne Antwort und ist abgelehnt.

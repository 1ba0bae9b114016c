# Die Texte der Seiten und des gedruckten Partieformulars auf Deutsch: die Konsole des
# Schiedsrichters, der Abgleich der Bretter (Regel D.2.9) und die Überschriften des
# Partieformulars. Felder wie auf dem Partieformular ($square: "e4"), Züge in SAN mit
# deutschen Buchstaben. Beide Spieler werden mit "Sie" angesprochen.

## Die Konsole
console-read-only = Nur lesen
console-arbiter = Schiedsrichterkonsole — { $name }
console-skip = Zu den Brettern springen
console-reload = Laden Sie die Seite neu, um Änderungen zu sehen.
console-glance = Auf einen Blick
console-alerts = Meldungen
console-boards = Bretter
console-plan = Abgleich der Bretter (Regel D.2.9)
console-clocks = Uhren
console-claims = Reklamationen
console-moves = Partieformulare
console-log = Ereignisse
console-actions = Maßnahmen des Schiedsrichters
console-no-alerts = Keine Meldungen.
console-no-claims = Keine offenen Reklamationen.
console-no-plan = Kein Abgleich nötig.
console-plan-open = Die Bretter weichen ab: Der Abgleich steht weiter unten.
console-state-waiting = Die Partie hat noch nicht begonnen.
console-state-running = Die Partie läuft.
console-state-paused = Die Uhren sind vom Schiedsrichter angehalten.
console-state-adjourned = Die Partie ist unterbrochen (Hängepartie).
console-state-finished = Die Partie ist beendet: { $result }.
console-next-game = Ergebnis bestätigen und nächste Partie beginnen
console-clock-side = { color }
console-clock-vi = { color } — sehbehinderter Spieler
console-clock-running = Läuft
console-clock-stopped = Steht
console-clock-paused = Angehalten
console-clock-moves = Züge: { $count }
console-claim = { color } reklamiert { $ground }: { $detail }
console-uphold = Reklamation { $id } stattgeben
console-reject = Reklamation { $id } ablehnen
console-dismiss = Meldung { $id } erledigt
console-carry-out = Abgleich ausführen
console-pause = Uhren anhalten
console-resume = Uhren weiterlaufen lassen
console-side = Seite
console-white = Weiß
console-black = Schwarz
console-set-clock = Eine Uhr stellen
console-time-left = Restzeit (h:mm:ss)
console-set-clock-button = Uhr stellen
console-set-moves = Einen Zugzähler stellen
console-moves-made = Gespielte Züge
console-set-moves-button = Zähler stellen
console-penalty = Strafe (Artikel 7.5.5, 12.9)
console-penalty-kind = Strafe
console-penalty-warning = Verwarnung
console-penalty-add = Zeitgutschrift für den Gegner
console-penalty-reduce = Zeitabzug für den Spieler
console-penalty-lose = Partie verloren
console-seconds = Sekunden
console-penalty-button = Strafe verhängen
console-declare = Das Ergebnis festlegen
console-result = Ergebnis
console-reason = Grund
console-declare-button = Ergebnis festlegen
console-vi-board = Brett des sehbehinderten Spielers
console-sighted-board = Brett des sehenden Spielers
console-board-as-text = { $board } als Text
console-board-unreadable = Dieses Brett ist nicht lesbar.
console-boards-agree = Beide Bretter stimmen überein.
console-boards-differ = Die Bretter weichen auf { $count ->
    [one] einem Feld
   *[other] { $count } Feldern
 } ab.
console-square-differs = { $square }: Brett des Sehbehinderten { $vi }, Brett des Sehenden { $sighted }.
console-square-empty = leer
console-scoresheets = Beide Partieformulare, Halbzug für Halbzug
console-ply = Halbzug
console-vi-player = Sehbehinderter Spieler
console-sighted-player = Sehender Spieler
console-same = Gleich
console-yes = ja
console-no = nein
console-no-moves = Noch keine Züge.

## Der Abgleich der Bretter (Regel D.2.9)
plan-ply = { color }, Zug { $number }
plan-agreement = Beide Bretter stimmen mit den Partieformularen überein.
plan-scoresheets-agree = Die Partieformulare stimmen bis { $at } überein. Ein Brett weicht davon ab und wird berichtigt.
plan-scoresheets-agree-start = Die Partieformulare stimmen überein (Ausgangsstellung). Ein Brett weicht davon ab und wird berichtigt.
plan-scoresheets-differ = Die Partieformulare weichen ab { $at } voneinander ab. Die Partie geht zurück zur Stellung nach { $last }, der letzten Übereinstimmung.
plan-scoresheets-differ-start = Die Partieformulare weichen ab { $at } voneinander ab. Die Partie geht zurück zur Ausgangsstellung, der letzten Übereinstimmung.
plan-boards-agree = Beide Bretter zeigen die Partie eines Partieformulars. Das andere Partieformular wird berichtigt (Artikel 8.1).
plan-continues = Die Partie wird nach { $at } fortgesetzt.
plan-continues-start = Die Partie wird ab der Ausgangsstellung fortgesetzt.
plan-findings = Befund
plan-board-of = { $player ->
    [vi] Brett des sehbehinderten Spielers
   *[sighted] Brett des sehenden Spielers
 }
plan-player = { $player ->
    [vi] des sehbehinderten Spielers
   *[sighted] des sehenden Spielers
 }
plan-move-on-one-board = Auf dem Brett { plan-player } fehlen die Züge ab { $at }: { $moves }.
plan-wrong-move = Bei { $at } zeigt das Brett { plan-player } { $executed } statt { $recorded }.
plan-board-disturbed = Auf dem Brett { plan-player } stehen Figuren falsch: { $squares }.
plan-unrecorded = Im Partieformular { plan-player } fehlen die Züge ab { $at }: { $moves }.
plan-not-played = Das Partieformular { plan-player } enthält ab { $at } Züge, die auf keinem Brett stehen: { $moves }. Sie werden gestrichen.
plan-missing-move = Im Partieformular { plan-player } fehlt bei { $at } der Zug { $moves }.
plan-swapped = { $player ->
    [none] Zwei Züge sind in falscher Reihenfolge notiert: { $moves }.
   *[other] Im Partieformular { plan-player } stehen zwei Züge in falscher Reihenfolge: { $moves }.
 }
plan-illegal-entry = Das Partieformular { plan-player } hat bei { $at } „{ $moves }“, das ist kein regelgemäßer Zug.
plan-different-move = Bei { $at } notiert der sehbehinderte Spieler { $vi }, der sehende Spieler { $sighted }.
plan-step-remove = Nehmen Sie { $piece } von { $from } weg.
plan-step-move = Setzen Sie { $piece } von { $from } nach { $to }.
plan-step-lift = Nehmen Sie { $piece } von { $from } auf und behalten Sie ihn in der Hand.
plan-step-place = Setzen Sie { $piece } auf { $to }.
plan-step-add = Stellen Sie { $piece } auf { $to } dazu.
plan-clocks = Stellen Sie die Uhren: Weiß { $white }, Schwarz { $black }. Zugzähler: Weiß { $white-moves }, Schwarz { $black-moves }.
plan-clocks-unknown = Für diesen Zug sind keine Uhrzeiten aufgezeichnet: Der Schiedsrichter stellt die Uhren. Zugzähler: Weiß { $white-moves }, Schwarz { $black-moves }.

## Das gedruckte Partieformular
sheet-title = Partieformular
sheet-doc-title = Partieformular: { $white } – { $black }
sheet-page = Seite { $number } von { $pages }
sheet-event = Turnier
sheet-site = Ort
sheet-date = Datum
sheet-round = Runde
sheet-board = Brett
sheet-arbiter = Schiedsrichter
sheet-time-control = Bedenkzeit
sheet-white = Weiß
sheet-black = Schwarz
sheet-vi = sehbehindert
sheet-by-hand = Bitte tragen Sie dies von Hand ein (Schrift von rechts nach links).
sheet-title-label = Titel
sheet-rating = Elo
sheet-fide-id = FIDE-ID
sheet-federation = Verband
sheet-number = Nr.
sheet-time = Zeit
sheet-result = Ergebnis
sheet-illegal-none = Keine regelwidrigen Züge.
sheet-illegal-added = ‡ { $move }: regelwidriger Zug von { color }; { $time } Zeitgutschrift für den Gegner (Artikel 7.5.5).
sheet-illegal-lost = ‡ { $move }: regelwidriger Zug von { color }; die Partie endet (Artikel 7.5.5).
sheet-sign-white = Unterschrift Weiß
sheet-sign-black = Unterschrift Schwarz
sheet-sign-arbiter = Unterschrift Schiedsrichter
sheet-footer = Von annabella aus dem Protokoll des Tisches geschrieben. (=) Remisangebot mit diesem Zug (Artikel 9.1.2.2). ‡ regelwidriger Zug an Stelle dieses Zuges (Artikel 7.5).
sheet-clocks = Bedenkzeit im Verlauf
sheet-clocks-note = Restzeit nach jedem Zug (die Zeiten stehen auch in den Zugspalten).
sheet-axis-move = Zug

## Die Anmeldung und die Fehlerseite der Konsole
console-sign-in = Anmeldung des Schiedsrichters
console-sign-in-token = Konsolenschlüssel (beim Start der Konsole ausgegeben)
console-sign-in-name = Ihr Name (wird bei jeder Maßnahme vermerkt)
console-sign-in-open = Schiedsrichterkonsole öffnen
console-error = Nicht ausgeführt
console-back = Zurück
console-say-remote-token = Der Zugriff von einem anderen Rechner braucht den Konsolenschlüssel.
console-say-needs-token = Die Schiedsrichterkonsole braucht den Konsolenschlüssel.
console-say-wrong-token = Dieser Schlüssel ist nicht richtig.
serve-two-hosts = Eine Anfrage hat genau eine Host-Kopfzeile.
serve-foreign-host = Dieser Server antwortet nicht auf diesen Hostnamen.
serve-foreign-form = Ein Formular muss von der eigenen Seite dieses Servers kommen.
serve-guesses = Zu viele falsche Schlüssel von diesem Computer; versuchen Sie es in einer Minute erneut.
console-say-needs-name = Geben Sie Ihren Namen ein: Er wird bei jeder Maßnahme vermerkt.
console-say-not-running = Das Brett läuft nicht: Die Anfrage wurde nicht zugestellt.
console-say-action-token = Maßnahmen des Schiedsrichters brauchen den Konsolenschlüssel.
console-say-action-name = Jede Maßnahme braucht den Namen des Schiedsrichters (Feld „by“).
console-say-sent = Gesendet: { $action } (von { $by }).
console-say-refuse-missing = Das Feld „{ $field }“ ist leer: Bitte füllen Sie es aus.
console-say-refuse-number = Im Feld „{ $field }“ steht „{ $text }“: Geben Sie eine ganze Zahl ein.
console-say-refuse-clock = Die Restzeit „{ $text }“ ist keine Zeit: Geben Sie sie als h:mm:ss ein, zum Beispiel 1:29:00.
console-say-refuse-over-a-day = Die Restzeit { $text } ist mehr als 24 Stunden: Eine Uhr wird auf höchstens 24:00:00 gestellt.
console-say-refuse-form = Das Formular ist unvollständig oder veraltet: Laden Sie die Seite neu und versuchen Sie es noch einmal.
console-refused-no-claim = es gibt keine offene Reklamation { $claim }
console-refused-no-alert = es gibt keine Meldung { $alert }
console-refused-no-plan = es gibt keinen Plan
console-refused-plan-changed = der Plan hat sich geändert, seit er angezeigt wurde
console-refused-unknown-board = { $board ->
    [vi] das Brett des sehbehinderten Spielers
   *[sighted] das Brett des sehenden Spielers
} ist nicht bekannt
console-refused-plan-steps = die Schritte des Plans passen nicht zu den Brettern
console-refused-not-over = die Partie ist noch nicht beendet; ihr Ergebnis wird bestätigt, sobald sie es ist

## Der Turniersaal: die Übersicht, die Seite eines Bretts und die Leinwand
hall-title = Turniersaal
hall-title-arbiter = Turniersaal — Hauptschiedsrichter
hall-title-screen = Turniersaal — Leinwand
hall-alerts = Meldungen
hall-tables = Bretter
hall-all-games = Alle Partien (PGN)
hall-calm = Kein Brett braucht den Schiedsrichter.
hall-alert-count = { $count ->
    [one] { $count } Meldung braucht den Schiedsrichter.
   *[other] { $count } Meldungen brauchen den Schiedsrichter.
}
hall-table = Brett { $table }
hall-no-table = Noch hat kein Brett gemeldet.
hall-after-ply = (nach Halbzug { $number })
hall-record = Eintrag { $number }
hall-witness-replayed = frühere Ansicht erneut gesendet
hall-witness-contradicted = Protokoll widersprochen
hall-kind-called = Schiedsrichter gerufen
hall-kind-paused = Uhren angehalten
hall-kind-peg-board = Steckbrett weicht ab
hall-kind-sighted-board = Brett des sehenden Spielers weicht ab
hall-kind-sighted-touch = Figur berührt (sehender Spieler)
hall-kind-vi-touch = Figur berührt (sehbehinderter Spieler)
hall-kind-press = Uhr ohne Zug gedrückt
hall-kind-flag = Fallblättchen gefallen
hall-kind-claim = Reklamation
hall-kind-illegal = regelwidriger Zug
hall-kind-clock-device = Schachuhr
hall-kind-entry = Eingabe weicht vom Brett ab
hall-state-waiting = Das Brett hat noch nichts gemeldet.
hall-state-finished = Beendet: { $result } ({ $termination }).
hall-state-adjourned = Unterbrochen (Hängepartie).
hall-state-white = Weiß am Zug.
hall-state-black = Schwarz am Zug.
hall-state-paused-white = Uhren angehalten, Weiß am Zug.
hall-state-paused-black = Uhren angehalten, Schwarz am Zug.
hall-claim-waits = Eine Reklamation wartet.
hall-white = Weiß
hall-black = Schwarz
hall-running = ▶ läuft
hall-vi = SB
hall-vi-long = (sehbehindert)
hall-last-move = Letzter Zug: { $move }
hall-no-move = Noch kein Zug.
hall-dropped = Verworfene Nachrichten: { $text }.
hall-dropped-none = keine
hall-dropped-unsigned = { $count } unsigniert
hall-dropped-forged = { $count } mit einem fremden Schlüssel signiert
hall-dropped-unknown = { $count } von einem Brett ohne Schlüssel im Saal
hall-dropped-big = { $count } zu groß
hall-dropped-malformed = { $count } fehlerhaft oder auf falschem Thema
hall-dropped-illegal = { $count } mit einem regelwidrigen Zug
hall-dropped-gap = { $count } nach einer Lücke (wartet auf die nächste Ansicht)
hall-dropped-absurd = { $count } mit unmöglicher Eintrags- oder Partienummer
hall-dropped-old = { $count } aus einer früheren Partie
hall-dropped-actions = { $count } gefälschte Schiedsrichtermaßnahmen
hall-dropped-contradicting = { $count } im Widerspruch zu einem bezeugten Protokollstand
hall-dropped-replayed = { $count } von vor dem Neustart des Saals erneut gesendet
hall-dropped-newer = { $count } in einem neueren Protokoll, als dieser Saal liest (aktualisieren Sie den Saal)
hall-dismiss = Diese Meldung an Brett { $table } erledigen
hall-pause = Uhren an Brett { $table } anhalten
hall-resume = Uhren an Brett { $table } weiterlaufen lassen
hall-result = Ergebnis an Brett { $table }
hall-declare = Das Ergebnis an Brett { $table } festlegen
hall-next-game = Das Ergebnis an Brett { $table } bestätigen und die nächste Partie beginnen
hall-back = Zurück zum Turniersaal
hall-no-alert = Keine Meldung an diesem Brett.
hall-dismissed = (erledigt)
hall-moves = Züge
hall-clock-chart = Die Uhren im Lauf der Partie
hall-clock-numbers = Dasselbe als Tabelle

## Das Protokoll, die Meldungen und die Reklamationen der Konsole
view-refused = { $text } Abgelehnt: { $reason }.
view-input-refused = Eingabe abgelehnt: { $reason }.
view-said-vi = Zum sehbehinderten Spieler gesagt: „{ $text }“.
view-said-sighted = Zum sehenden Spieler gesagt: „{ $text }“.
view-said-both = Zu beiden Spielern gesagt: „{ $text }“.
view-recorded = Zug { $move } notiert ({ $time } Restzeit).
view-alert-log = Meldung: { $text }
view-alert = { $what }: { $detail }
view-game-over = Partie beendet: { $result } ({ $termination }).
view-device = { $device }: { $report }.
view-device-down = Die Verbindung zum Gerät { $device }: { $report }.
view-device-name = { $device ->
    [clock] Schachuhr
    [peg_board] Steckbrett
    [dgt] DGT-Brett
   *[other] { $name }
}
view-report-opened = { $path } geöffnet
view-report-reopened = { $path } wieder geöffnet
view-report-lost = getrennt: { $reason }
view-report-open-failed = lässt sich nicht öffnen: { $reason }
view-pegs = Steckbrett: ein Stift auf { $squares }, wo keine Figur der Partie fehlt (als Bauer gezeigt; das Brett erkennt nur, ob ein Feld besetzt ist).
view-ground-threefold = dreimalige Stellungswiederholung (9.2)
view-ground-fifty = 50-Züge-Regel (9.3)
view-claim-intended = beabsichtigter Zug { $move }; das Gerät konnte der Reklamation nicht stattgeben
view-claim-not-upheld = das Gerät konnte der Reklamation nicht stattgeben
view-by-arbiter = { $user }: { $text }.
view-keyboard = Schiedsrichter an der Tastatur: { $text }.
view-started = Die Partie hat begonnen.
view-heard = Der sehbehinderte Spieler sagte: „{ $text }“.
view-assistant = Der Assistent gab den Zug des sehenden Spielers ein: { $move }.
view-sighted = Sehender Spieler: { $what }.
view-alert-called = Der Schiedsrichter wird gerufen
view-alert-paused = Uhren von einem Spieler angehalten
view-alert-peg-board = Die Bretter weichen ab (Steckbrett)
view-alert-sighted-board = Die Bretter weichen ab (Brett des sehenden Spielers)
view-alert-sighted-touch = Berührt – geführt (sehender Spieler)
view-alert-vi-touch = Berührt – geführt (sehbehinderter Spieler)
view-alert-press = Uhr ohne Zug gedrückt
view-alert-flag = Zeitüberschreitung (Fallblättchen)
view-alert-clock-device = Die Schachuhr (getrennt, wieder da oder Batterie schwach)
view-alert-claim = Eine Reklamation ist zu entscheiden
view-alert-illegal = Regelwidriger Zug auf dem Brett des sehenden Spielers
view-alert-entry = Die Eingabe des Assistenten weicht vom Brett ab
view-cause-clock-lost = die Schachuhr ist nicht verbunden oder ausgeschaltet; das Brett führt die Zeit und schaltet die Uhren selbst um
view-cause-clock-back = die Schachuhr ist wieder da; ihre Hebel zählen wieder
view-cause-clock-refuses = die Schachuhr nimmt die Zeiten des Bretts nicht an; stellen Sie sie von Hand (das Brett führt die Zeit)
view-cause-clock-battery = die Schachuhr meldet eine schwache Batterie
view-cause-start-waits = die Partie wartet auf die Ausgangsstellung auf dem Brett des sehenden Spielers; der Start durch den Schiedsrichter beginnt sie trotzdem
view-cause-sighted-board = das Brett des sehenden Spielers weicht von der Partie ab
view-cause-sighted-press = der sehende Spieler hat die Uhr gedrückt, aber auf dem Brett wurde kein Zug erkannt
view-cause-paused-vi = der sehbehinderte Spieler hat die Uhren angehalten
view-cause-paused-sighted = der sehende Spieler ({ $side }) hat die Uhren angehalten
view-cause-paused-button = ein Spieler am Brett hat die Uhren mit der Taste der Uhr angehalten
view-cause-flag = bei { $side } ist das Fallblättchen gefallen (beim sehbehinderten Spieler); der Gegner oder der Schiedsrichter kann reklamieren

## play: Partie um Partie (das Terminal des Schiedsrichters)
play-offer-next = Die Partie in { $dir } ist beendet ({ $result }). Soll die nächste Partie in { $next } beginnen? [ja]:
play-next-begins = Die Partie in { $dir } ist beendet ({ $result }): Die nächste Partie beginnt in { $next }.
play-new-game = Eine neue Partie, wie verlangt: Die Partie in { $dir } bleibt, wie sie ist; die nächste beginnt in { $next }.
play-game-over = Partie { $number } ist beendet: { $result }. Die nächste Partie folgt.
play-game-records = Partie { $number }: { $line }
play-not-over = Die Partie ist noch nicht beendet: Ihr Ergebnis kann erst danach bestätigt werden.
play-confirmed = { $by }: Das Ergebnis ist bestätigt; die nächste Partie folgt.
play-round = Runde { $round }: { $white } – { $black } (Round "{ $pgn }").
play-waiting = Die Paarung der Runde { $round } steht noch aus: { $why }.
play-forfeit = Runde { $round }, Brett { $board } ({ $white } – { $black }) ist kampflos entschieden: Hier wird nicht gespielt.
play-no-pairing = Die TRF-Datei hat in Runde { $round } noch kein Brett { $board }.
play-vi-bye = Runde { $round }: { $name } hat keine Partie (spielfrei); der Tisch wartet auf die nächste Runde.
play-vi-not-paired = Die TRF-Datei nennt den sehbehinderten Spieler (Startnummer { $rank }) in Runde { $round } noch nicht.
play-no-trf = Die Datei des Tisches nennt keine TRF-Datei oder kein Brett.
play-journal = Das Protokoll der Partie steht in { $path }.
play-written = Die Datei { $path } ist geschrieben.
play-braille-not-written = Das Braille-Partieformular ist nicht geschrieben worden: { $why }.
play-printed-not-written = Das gedruckte Partieformular ist nicht geschrieben worden: { $why }.
play-result = Die Partie ist beendet: { $result } ({ $termination }).
play-script-ended = Das Skript endete vor der Partie; das Protokoll bewahrt sie auf.

## demo: what the operator's terminal is told
demo-earlier-records = Im Ordner { $dir } liegen die Aufzeichnungen einer früheren Partie; sie bleiben erhalten, und diese Partie kommt nach { $next }.
demo-starts = Die Vorführung spielt das Skript { $script }; ihre Aufzeichnungen kommen nach { $dir }.
demo-hall-drained = Der Broker der Halle hat die Einträge 1 bis { $last } des Protokolls.
demo-hall-behind = Der Broker der Halle hat nur die Einträge 1 bis { $acked } von { $last }; die übrigen warten im Protokoll { $journal }, und „annabella hall publish --once --journal { $journal } …“ sendet sie.
demo-hall-failed = Nicht alle Einträge haben die Halle erreicht: { $error }.

## devices: what `annabella devices` finds
devices-no-ports = Es wurden keine seriellen Schnittstellen gefunden.
devices-no-audio = Es wurden keine Audio-Eingabegeräte gefunden.

## devices watch: what a device reports
watch-opened = { $reconnect ->
    [yes] Wieder verbunden
   *[no] Verbunden
} mit { $path }; der ganze Zustand wird neu gelesen.
watch-lost = Die Verbindung ist unterbrochen ({ $why }); über die Lücke hinweg wird kein Zug erschlossen.
watch-open-failed = Die Schnittstelle lässt sich nicht öffnen ({ $why }); es wird weiter versucht.
watch-hello = Das Gerät meldet sich: { $version }.
watch-move = Auf dem Brett ist der Zug { $move } ausgeführt.
watch-promotion = Die Umwandlung von { $from } nach { $to } wartet auf die angesagte Figur.
watch-ambiguous = Mehrere regelgemäße Züge passen: { $moves }.
watch-in-sync = Das Brett stimmt mit der Partie überein.
watch-mismatch = Das Brett weicht von der Partie ab: { $what }.
watch-touched = Die Figur { $piece } auf { $square } ist angehoben (Gerätezeit { $at } ms).
watch-lift = Ein Stift ist von { $square } abgehoben (Gerätezeit { $at } ms).
watch-place = Ein Stift ist auf { $square } gesetzt (Gerätezeit { $at } ms).
watch-lever = { $color ->
    [white] Weiß
   *[black] Schwarz
} hat den Uhrhebel gedrückt (Gerätezeit { $at } ms).
watch-button = Die Taste { $button ->
    [time-query] Zeitansage
    [pause] Pause
   *[push-to-talk] Sprechen
} ist { $pressed ->
    [yes] gedrückt
   *[no] losgelassen
} (Gerätezeit { $at } ms).
watch-clock-status = Die DGT 3000 ist { $connected ->
    [yes] verbunden
   *[no] nicht verbunden
} und { $running ->
    [yes] läuft
   *[no] steht
}; ihre Batterie ist { $battery ->
    [yes] schwach
   *[no] in Ordnung
}.
watch-clock-gone = Die DGT 3000 schweigt seit { $ms } ms, obwohl sie gefragt wurde.
watch-clock-times = Die Uhr zeigt Weiß { $white }, Schwarz { $black }; { $running ->
    [white] die Uhr von Weiß läuft.
    [black] die Uhr von Schwarz läuft.
   *[none] keine Uhr läuft.
}
watch-clock-button = An der DGT 3000 ist die Taste { $code } gedrückt.
watch-clock-ack = Die DGT 3000 hat den Befehl bestätigt.
watch-clock-failed = Die DGT 3000 hat den Befehl nie bestätigt.
watch-error = Ein Übertragungsfehler, die Verbindung bleibt: { $why }.

## journal replay and export: what the reader of a journal is told
journal-accepted-unkeyed = Warnung: Das Protokoll { $path } trägt keine Prüfcodes (MACs), obwohl dieser Tisch ein Geheimnis hat; es wird nur gelesen, nicht authentifiziert, weil Sie es mit { $accept } verlangt haben: Wer die Datei schreiben konnte, kann ihre Partie umgeschrieben haben, und nichts hier kann das erkennen.
journal-dropped = Im Protokoll { $path } war der letzte Eintrag ({ $seq }, bei { $at } ms) zerrissen oder beschädigt und ist beiseitegelegt worden ({ $damage }); die Partie geht ab Eintrag { $next } weiter.
journal-damaged = Im Protokoll { $path } ist Eintrag { $seq } beschädigt ({ $damage }); die Einträge 1 bis { $last } sind nachgespielt, { $count ->
    [one] der Eintrag ab dort nicht.
   *[other] die { $count } Einträge ab dort nicht.
}
journal-file-damage = Das Protokoll { $path } ist außerhalb seiner Einträge beschädigt: { $why }.
journal-other-secret = Das Protokoll { $path } ist mit einem anderen Geheimnis des Tisches (Kennung { $journal }) geschrieben als dem angegebenen (Kennung { $given }): Seine Prüfcodes (MACs) können nicht geprüft werden.
journal-unkeyed-refused = Mögliche Manipulation: Das Protokoll { $path } trägt keine Prüfcodes (MACs), aber dieser Tisch hat ein Geheimnis (jedes Protokoll eines Tisches mit Geheimnis trägt sie, auch das einer Vorführung); sie können entfernt und die Partie umgeschrieben worden sein.
journal-unkeyed-hint = Wenn Sie wissen, dass das Protokoll { $path } echt ist, liest { $accept } es, nicht authentifiziert.
journal-old-format = Das Protokoll { $path } ist nicht authentifiziert: Es wurde geschrieben, bevor Protokolle Prüfcodes trugen (Format 2); nur zufällige Schäden werden erkannt.
journal-unkeyed = Das Protokoll { $path } ist nicht authentifiziert: Es wurde ohne Geheimnis des Tisches angelegt; nur zufällige Schäden werden erkannt.
journal-unkeyed-by-design = Das Protokoll { $path } ist nicht authentifiziert: Es wurde absichtlich ohne Geheimnis des Tisches angelegt (eine Vorführ- oder Testpartie); nur zufällige Schäden werden erkannt.
journal-no-secret = Das Protokoll { $path } ist nicht authentifiziert: Es trägt Prüfcodes, wurde aber ohne das Geheimnis des Tisches gelesen (geben Sie es mit { $secret } an); nur zufällige Schäden wurden geprüft.
journal-authenticated = Das Protokoll { $path } ist durch das Geheimnis des Tisches authentifiziert.
journal-refused = Eintrag { $seq } ist vom Tisch abgelehnt worden: { $why }.
journal-edited-after-game = Die Einträge im Protokoll { $path } ergeben nicht mehr die beendete Partie, die bei ihrem Ende gespeichert wurde (Eintrag { $seq }): Das Protokoll ist nach der Partie bearbeitet worden; das PGN ist das gespeicherte.
journal-stored-pgn = Das PGN aus dem Protokoll { $path } ist die beendete Partie, die bei ihrem Ende gespeichert wurde (Eintrag { $seq }).
journal-damage-hash = sein Hash passt nicht zum Eintrag
journal-damage-forged = Manipulation: Sein Hash stimmt, sein Prüfcode (MAC) nicht, er wurde also ohne das Geheimnis des Tisches umgeschrieben
journal-damage-decode = die Eingabe lässt sich nicht lesen (von einer anderen Version geschrieben?): { $error }
journal-damage-column = die Spalte { $field } enthält { $found }
journal-damage-gap = Eintrag { $expected } fehlt, als nächster kam { $found }
journal-damage-time = die Zeit { $at } ms liegt vor der des vorigen Eintrags ({ $previous } ms)
journal-damage-missing = er fehlt: Der Kopf des Protokolls zählt { $head } Einträge
journal-damage-head = der Kopf des Protokolls passt nicht zu seinem letzten Eintrag ({ $error })
journal-damage-finished = er fehlt: Die gespeicherte beendete Partie endet mit Eintrag { $last }
journal-damage-unreadable = seine Seite lässt sich nicht lesen: { $error }

## journal replay: the rebuilt table
replay-records = Aus dem Protokoll { $count ->
    [one] ist ein Eintrag nachgespielt.
   *[other] sind { $count } Einträge nachgespielt.
}
replay-position = Die Stellung in FEN: { $fen }.
replay-moves = Die Züge: { $moves }.
replay-no-moves = Es ist noch kein Zug gespielt.
replay-clocks = Die Uhren: Weiß { $white }, Schwarz { $black }; { $running ->
    [white] die Uhr von Weiß läuft.
    [black] die Uhr von Schwarz läuft.
   *[none] keine Uhr läuft.
}
replay-announced = Angesagt und noch nicht vollendet: { $said } ({ $made ->
    [yes] auf dem Brett ausgeführt
   *[no] noch nicht ausgeführt
}).
replay-draw-offer = { $color ->
    [white] Weiß
   *[black] Schwarz
} hat Remis angeboten.
replay-arbiter = Eintrag { $seq } bei { $at } Tischzeit, vom Schiedsrichter { $by }: { $what }.

## unwinnable: can a side still checkmate (Laws 5.2.2, 6.9)
unwinnable-unreachable = Hinweis: Diese Stellung kann in keiner Partie entstehen ({ $why ->
    [impossible-check] ein Schach, das kein letzter Zug gegeben haben kann
   *[too-much-material] mehr Material, als Umwandlungen ergeben können
}).
unwinnable-no = { $color ->
    [white] Weiß
   *[black] Schwarz
} kann mit keiner Folge regelgemäßer Züge mattsetzen.
unwinnable-yes = { $color ->
    [white] Weiß
   *[black] Schwarz
} kann mattsetzen, zum Beispiel: { $moves }.
unwinnable-undetermined = Unbestimmt: Die Suche hat aufgegeben.

## pairings: a round's pairings and results for the arbiter
pairings-board = Brett { $board }: { $white } gegen { $black }.
pairings-forfeit = Brett { $board }, { $winner ->
    [white] kampflos für Weiß (1-0)
    [black] kampflos für Schwarz (0-1)
   *[none] beiderseits kampflos
}: { $white } gegen { $black }.
pairings-bye = { $kind ->
    [half-point] Spielfrei mit einem halben Punkt
    [full-point] Spielfrei mit einem ganzen Punkt
    [pairing-allocated] Spielfrei durch die Auslosung
    [forfeit-win] Kampflos gewonnen
    [zero-point] Spielfrei ohne Punkt
   *[not-paired] Nicht gepaart
}: { $player }.
pairings-written = Runde { $round }: Die Ergebnisse von { $written } der { $boards } Bretter sind in { $out } geschrieben ({ $won } davon kampflos; { $forfeits } kampflose Partien und { $byes } Freilose der Auslosung sind beibehalten und gezählt).
pairings-unfinished = Nicht geschrieben: Brett { $board }, die Partie ist nicht beendet.
pairings-in-file-same = Nicht geschrieben: Brett { $board }, die Datei hat bereits { $has }.
pairings-in-file = Nicht geschrieben: Brett { $board }, die Datei hat { $has }, die Partie sagt { $given }; das Ergebnis der Datei bleibt.
pairings-no-game = Nicht geschrieben: Brett { $board }, zu diesem Brett gibt es keine Partie.
pairings-other-round = Nicht geschrieben: Die Partie { $white } – { $black }{ $tag } (Zeile { $line }) ist aus Runde { $played }, nicht aus Runde { $round }.
pairings-forfeit-result = { $result } kampflos

## clock: a presses file through a time control
clock-control = Bedenkzeit { $control } ({ $rate ->
    [blitz] Blitzpartie
    [rapid] Schnellpartie
   *[standard] Turnierpartie
}); die Uhr von Weiß beginnt zur Zeit 0.
clock-flag = Zeile { $line }: Die Zeit von { $color ->
    [white] Weiß
   *[black] Schwarz
} ist bei { $at } abgelaufen.
clock-step = Zeile { $line }, { $at }: { $what }; Weiß hat { $white }, Schwarz { $black }.
clock-what-start = { $color ->
    [white] Weiß
   *[black] Schwarz
} startet
clock-what-move = { $color ->
    [white] Weiß
   *[black] Schwarz
} vollendet Zug { $number }
clock-what-press = { $color ->
    [white] Weiß
   *[black] Schwarz
} drückt
clock-what-pause = Pause
clock-what-resume = Die Uhren laufen weiter
clock-what-add = { $time } für { $color ->
    [white] Weiß
   *[black] Schwarz
} hinzugefügt
clock-what-show = Anzeige

## Die Geschichte des Bretts (was play und die Vorführung zeigen)
story-hears = { $who ->
    [vi] Der sehbehinderte Spieler
   *[sighted] Der sehende Spieler
} hört: „{ $text }“.
story-cut = ({ $how ->
    [superseded] durch eine neuere Ansage ersetzt
    [stopped] mit „Stopp“ abgebrochen
    [skipped] übersprungen
    [interrupted] von einer dringenderen Ansage unterbrochen, danach wiederholt
    [expired] verworfen, weil sie nicht rechtzeitig gesagt werden konnte
   *[failed] die Stimme konnte sie nicht sprechen
})
story-button = Der sehbehinderte Spieler drückt an der Uhr { $button ->
    [time-query] die Taste für die Restzeiten
    [pause] die Pausetaste
    [push-to-talk] die Sprechtaste
    [whose-turn] die Taste „Wer ist am Zug?“
    [repeat-last-move] die Taste „Letzten Zug wiederholen“
   *[call-arbiter] die Taste „Schiedsrichter rufen“
}.
story-sealed = Ein Zug ist versiegelt: Die Partie ist unterbrochen.

# The hall's refusals and notices (web.rs) and its Lichess line.
hall-refused-title = Fehler { $status }
hall-error-token = Dieser Zugangsschlüssel ist nicht der des Turniersaals.
hall-error-name = Geben Sie Ihren Namen an (by=…): Er wird mit jeder Maßnahme aufgezeichnet.
hall-error-state = Der Zustand des Turniersaals ist nicht lesbar.
hall-error-arbiter = Die Ansicht des Hauptschiedsrichters braucht den Zugangsschlüssel des Turniersaals.
hall-error-no-table = Im Turniersaal gibt es kein Brett „{ $table }“.
hall-error-action = Schiedsrichtermaßnahmen brauchen den Zugangsschlüssel des Turniersaals.
hall-error-field-table = Im Formular fehlt das Feld „table“ (das Brett).
hall-error-field-result = Feld „result“: Erwartet wird 1-0, 0-1 oder 1/2-1/2, gekommen ist „{ $got }“.
hall-error-field-result-missing = Im Formular fehlt das Feld „result“ (1-0, 0-1 oder 1/2-1/2).
hall-error-field-seq = Feld „seq“: Erwartet wird die Eintragsnummer der Meldung.
hall-error-field-action = Feld „action“: Erwartet wird pause, resume, declare-result, dismiss-alert oder next-game, gekommen ist „{ $got }“.
hall-error-field-action-missing = Im Formular fehlt das Feld „action“ (pause, resume, declare-result, dismiss-alert oder next-game).
hall-error-busy = Zu viele Zuschauer verfolgen den Turniersaal live; laden Sie die Seite später neu.
hall-error-no-file = Diese Datei der Runde gibt es nicht.
hall-sent = An Brett { $table } gesendet: { $what }.
hall-not-sent-key = Nicht an Brett { $table } gesendet: Der Turniersaal hat den Aktionsschlüssel dieses Bretts nicht.
hall-not-sent-name = Nicht an Brett { $table } gesendet: Einen so geschriebenen Brettnamen kann der Broker nicht übermitteln.
hall-not-sent-encode = Nicht an Brett { $table } gesendet: Die Maßnahme ließ sich nicht zum Senden aufschreiben.
hall-not-sent-broker = Nicht an Brett { $table } gesendet: Die Verbindung zum Broker nimmt gerade keine Nachrichten an; versuchen Sie es gleich noch einmal.
hall-what-pause = Uhren anhalten
hall-what-resume = Uhren weiterlaufen lassen
hall-what-next-game = Ergebnis bestätigen und nächste Partie beginnen
hall-what-result = Ergebnis { $result } festlegen
hall-what-dismiss = Eintrag { $seq } erledigen
hall-push-games = { $count ->
    [one] Eine Partie übertragen
   *[other] { $count } Partien übertragen
}
hall-push-failed = Übertragung fehlgeschlagen: { $problem }
hall-push-why-unreachable = der Server { $url } ist nicht erreichbar
hall-push-why-too-long = seine Antwort war länger als { $kib } KiB und wurde nicht gelesen
hall-push-why-broke = seine Antwort brach ab
hall-push-why-not-lichess = die Antwort stammt nicht von Lichess
hall-push-why-redirect = abgelehnt ({ $code }): Der Server leitet die Übertragung weiter ({ $to }); eine Übertragung wird nie an eine andere Adresse weitergesendet
hall-push-why-slow-down = Lichess bittet, langsamer zu senden (429)
hall-push-why-server = Lichess hat eine Störung ({ $code }): { $said }
hall-push-why-refused = abgelehnt ({ $code }): { $said }
hall-push-why-token = abgelehnt ({ $code }): { $said } (Ist das API-Token gültig, mit study:write, und gehört Ihnen die Übertragung?)
hall-push-why-round = abgelehnt ({ $code }): { $said } (Stimmt die Runden-ID?)
hall-push-again = neuer Versuch in { $seconds } s
hall-push-stopped = erst wieder gesendet, wenn sich die Runde ändert
hall-push-refused = nicht angenommen: Brett { $board } ({ $white } – { $black }): { $error }
hall-push-more = { $count } weitere Partien nicht angenommen
hall-push-line = Lichess-Übertragung, Runde { $round }: { $text }.

# The board's and the clock chart's texts for screen readers (annabella-board).
board-same = Keine Abweichung vom anderen Brett.
board-differs = Weicht vom anderen Brett ab auf { $squares }.
board-no-pieces = keine Figuren
board-chart-title = Restbedenkzeit beider Seiten, Zug um Zug
board-chart-after = Nach Halbzug { $number }: Weiß { $white }, Schwarz { $black }. Die Tabelle darunter enthält jeden Wert.
board-chart-none = Noch kein Zug.
board-chart-caption = Restbedenkzeit nach jedem Zug
board-chart-move = Zug
board-chart-white = Weiß
board-chart-black = Schwarz

# What an arbiter did, as the console's and the hall's log show it (annabella-view).
view-act-white = Weiß
view-act-black = Schwarz
view-act-pause = Uhren angehalten
view-act-resume = Uhren weiterlaufen gelassen
view-act-set-clock = Uhr von { $side } auf { $time } gestellt
view-act-set-moves = Zugzähler von { $side } auf { $moves } gestellt
view-act-warn = { $side } verwarnt
view-act-add-opponent = Strafe für { $side }: { $seconds } s für { $other } hinzugefügt
view-act-reduce = Strafe für { $side }: { $seconds } s abgezogen
view-act-lose = Partie für { $side } als verloren erklärt
view-act-uphold = Reklamation { $claim } stattgegeben
view-act-reject = Reklamation { $claim } abgelehnt
view-act-result = Ergebnis { $result } festgelegt ({ $reason })
view-act-plan = Abgleichsplan ausgeführt
view-act-dismiss = Meldung { $alert } erledigt
view-act-next-game = Ergebnis bestätigt, die nächste Partie beginnt

# Who called the arbiter, on the hall's and the projector's alerts.
hall-called-vi = Der sehbehinderte Spieler ({ $side }) ruft den Schiedsrichter; die Uhren sind angehalten.
hall-called-sighted = Der sehende Spieler ({ $side }) ruft den Schiedsrichter; die Uhren sind angehalten.
hall-called-sighted-running = Der sehende Spieler ({ $side }) ruft den Schiedsrichter.
hall-called-button = Jemand am Brett ruft den Schiedsrichter (mit der Taste der Uhr); die Uhren sind angehalten.

## init: der Einrichtungsassistent (was der Organisator oder der Schiedsrichter erfährt und gefragt wird)
init-ports-none = Es wurde keine serielle Schnittstelle gefunden: Schließen Sie die Bretter und die Uhr per USB an.
init-port-dgt = Auf { $path } antwortet ein DGT-Brett (Firmware { $version }){ $clock ->
    [yes] , mit einer DGT 3000 an seinem Kabel
   *[no] {""}
}.
init-port-peg = Auf { $path } antwortet ein taktiles Steckbrett (Firmware { $version }).
init-port-clock = Auf { $path } antwortet eine taktile Uhr (Firmware { $version }).
init-port-second = Es ist ein zweites Gerät dieser Art und wird nicht verwendet.
init-port-problem = Was es meldet, ist keine Schachstellung: { $problem }.
init-port-silent = Auf { $path } antwortet nichts Bekanntes: Weder das HELLO eines Steckbretts oder einer Uhr noch die Versionsabfrage eines DGT-Bretts wird innerhalb von { $ms } ms beantwortet.
init-port-unopened = Die Schnittstelle { $path } lässt sich nicht verwenden: { $why }.
init-not-found = { $device ->
    [peg-board] Es wurde kein Steckbrett gefunden
    [dgt] Es wurde kein DGT-Brett gefunden
   *[clock] Es wurde keine taktile Uhr gefunden
}: Eingetragen wird "none".
init-mics-none = Es wurde kein Mikrofon gefunden: Schließen Sie ein Headset-Mikrofon an.
init-mic = Mikrofon { $id }: { $name }{ $default ->
    [yes] {" "}(die Standardeingabe)
   *[no] {""}
}.
init-voices = Die Stimmen von espeak-ng für { $language }: { $voices }.
init-voices-none = Espeak-ng hat keine Stimme für { $language }.
init-ask-vi = Welche Farbe hat der sehbehinderte Spieler (white für Weiß, black für Schwarz)?
init-ask-white = Wie heißt der Spieler mit Weiß?
init-ask-black = Wie heißt der Spieler mit Schwarz?
init-ask-time-control = Welche Bedenkzeit gilt, in PGN-Form (5400+30 sind 90 Minuten plus 30 Sekunden je Zug)?
init-ask-vi-language = Welche Sprache hört der sehbehinderte Spieler (de, en, lt, lv, hu)?
init-ask-sighted-language = Welche Sprache liest der sehende Spieler?
init-ask-records = In welches Verzeichnis werden die Aufzeichnungen der Partien geschrieben?
init-ask-model = Welches Vosk-Modellverzeichnis hört den Spieler (none: Die Worte werden getippt)?
init-ask-event = Wie heißt die Veranstaltung, das Turnier (leer: keine)?
init-ask-site = Wo wird gespielt, in welchem Ort (leer: keiner)?
init-ask-round = Welche Runde ist es (leer: keine)?
init-ask-board = An welchem Brett spielt der Tisch (leer: keinem)?
init-ask-arbiter = Wie heißt der Schiedsrichter (leer: keiner)?
init-problem-kings = { $count } { $color ->
    [white] weiße
   *[black] schwarze
} Könige auf dem Brett
init-problem-pieces = { $count } { $color ->
    [white] weiße
   *[black] schwarze
} Steine auf dem Brett
init-problem-pawn = ein Bauer auf der ersten oder der letzten Reihe
init-problem-pegs = in { $count } Löchern steckt ein Stift, und eine Partie hat höchstens 32 Steine
init-prompt = { $question } [{ $default }]:
init-again = Nicht verstanden: { $why }. Bitte antworten Sie noch einmal.
init-why-color = white oder black
init-why-language = eine von de, en, lt, lv, hu
init-why-board = eine Brettnummer ab 1
init-why-time-control = keine Bedenkzeit in PGN-Form ({ $why })
init-why-model = kein Vosk-Modell ({ $why })
init-hall-no-password = Für den Broker der Halle wurde keine Passwortdatei angegeben: Der Block [hall] wird auskommentiert geschrieben; tragen Sie das Passwort des Tisches beim Broker ein und entfernen Sie die #-Zeichen.
init-hall-for = Für die Halle erledigt der Administrator drei Dinge für Tisch { $table }.
init-hall-user = 1. Legen Sie beim Broker den Benutzer des Tisches an; der Befehl fragt nach einem Passwort: dem aus dem Block [hall] des Tisches.
init-hall-acl = 2. Fügen Sie diese Zeilen in /etc/mosquitto/annabella/acl ein und rufen Sie dann "systemctl reload mosquitto" auf.
init-hall-tables = 3. Fügen Sie diesen Eintrag in die Tischdatei der Halle ein (annabella hall --tables DATEI).
init-secret = { $made ->
    [yes] Das Geheimnis des Tisches ist angelegt
   *[no] Das Geheimnis des Tisches bleibt erhalten
}: { $path } (privat, Modus 0600). Seine Protokolle werden damit beglaubigt: Bewahren Sie es auf und kopieren Sie es nie auf einen anderen Tisch.
init-signing-key = { $made ->
    [yes] Der Signaturschlüssel des Tisches ist angelegt
   *[no] Der Signaturschlüssel des Tisches bleibt erhalten
}: { $path } (privat, Modus 0600) und { $public } (öffentlich, für die Halle).
init-note-no-peg-board = Es gibt kein Steckbrett: Der sehbehinderte Spieler benutzt ein gewöhnliches taktiles Brett; ein Zug gilt, wenn er ihn bestätigt (mit dem Druck auf die Uhr, dem Wort „gesetzt“ oder der Taste des Assistenten), und Berührungen sind nicht zu sehen.
init-note-dgt-clock = Es gibt keine taktile Uhr: Die DGT 3000 am DGT-Brett ist die Uhr des Tisches (es zählt der Druck auf ihre Wippe; mit ihren Tasten fragt man nach der Zeit, nach dem Spieler am Zug, nach dem letzten Zug und nach dem Schiedsrichter).
init-note-no-clock = Es wurde keine Uhr gefunden: Der Tisch führt die Zeit selbst, und für beide Spieler ist die Betätigung der Uhr "automatic" (das Wort des sehbehinderten Spielers oder die Taste des Assistenten, der Zug des sehenden Spielers auf dem DGT-Brett); die Zeiten stehen in der Konsole und in der Halle.
init-written = Die Datei { $path } ist geschrieben.
init-handed = Der Benutzer { $user } des Dienstes erhält { $paths }.
init-lichess-kept = Das Lichess-Token in { $path } bleibt erhalten.
init-lichess-paste = Fügen Sie Ihr Lichess-Token ein (lichess.org/account/oauth/token, Berechtigung board:play) und drücken Sie dann die Eingabetaste.
init-lichess-written = Das Lichess-Token ist in { $path } geschrieben (privat, Modus 0600; es wird nur von dort gelesen).
init-next = Prüfen Sie den Tisch als Nächstes mit: annabella doctor --config { $path }.
init-error-exists = Die Datei { $path } gibt es schon; sie wird nicht ersetzt.
init-error-read = Die Datei { $path } lässt sich nicht lesen: { $why }.
init-error-trf = Die Datei { $path } lässt sich nicht als TRF-Datei lesen: { $why }.
init-error-forfeit = In der TRF-Datei { $path } ist Runde { $round }, Brett { $board } ({ $white } – { $black }) kampflos entschieden ({ $winner ->
    [white] 1-0
    [black] 0-1
   *[none] beide Spieler kampflos verloren
}): Dort wird keine Partie gespielt.
init-error-no-such-board = Runde { $round } der TRF-Datei { $path } hat kein Brett { $board }: Ihre Bretter sind 1 bis { $boards }.
init-error-refused = { $question } Die Antwort „{ $given }“ wird nicht verstanden: { $why }.
init-error-input-ended = Die Standardeingabe endete vor einer Antwort auf die Frage: { $question }
init-error-cannot-play = Mit der Datei, die init schreiben würde, kann der Tisch nicht spielen: { $why }.
init-error-write = Die Datei { $path } lässt sich nicht schreiben: { $why }.
init-error-keys = Der Signaturschlüssel des Tisches lässt sich nicht anlegen oder lesen: { $why }.
init-error-no-board-anywhere = Es wurde kein Brett gefunden: Auf keiner seriellen Schnittstelle antwortete ein DGT-Brett oder ein taktiles Steckbrett. Schließen Sie die Bretter an, schalten Sie sie ein und rufen Sie init dann noch einmal auf.
init-error-no-board = Es wurde kein Brett gefunden: Auf { $ports } antwortete weder ein DGT-Brett noch ein taktiles Steckbrett. Schließen Sie die Bretter an, schalten Sie sie ein und rufen Sie init dann noch einmal auf.
init-error-token = Das Lichess-Token ist keines: { $why }.
init-error-lichess = Eine Lichess-Einstellung ist ungültig: { $why }.
init-error-no-token = Es wurde kein Lichess-Token angegeben: Es ist eine Zeile auf der Standardeingabe.
init-error-secret = Das Geheimnis des Tisches lässt sich nicht anlegen oder lesen: { $why }.
init-error-io = Das Schreiben auf das Terminal ist fehlgeschlagen: { $why }.
init-hint-force = Mit --force wird sie ersetzt, mit --out wird eine andere Datei geschrieben.
init-hint-non-interactive = Mit --non-interactive wird nichts gefragt: Die Optionen und die Vorgaben geben die Antworten.
init-hint-no-devices = Mit --no-devices wird ein Tisch ohne Geräte geschrieben (nur getippte Züge).

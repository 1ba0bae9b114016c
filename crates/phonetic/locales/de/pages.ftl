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
console-say-needs-name = Geben Sie Ihren Namen ein: Er wird bei jeder Maßnahme vermerkt.
console-say-not-running = Das Brett läuft nicht: Die Anfrage wurde nicht zugestellt.
console-say-action-token = Maßnahmen des Schiedsrichters brauchen den Konsolenschlüssel.
console-say-action-name = Jede Maßnahme braucht den Namen des Schiedsrichters (Feld „by“).

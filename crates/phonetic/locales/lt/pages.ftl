# Puslapių ir spausdinamo partijos blanko tekstai lietuviškai: teisėjo konsolė, lentų
# suderinimas (taisyklė D.2.9) ir blanko antraštės. Laukeliai kaip blanke ($square: "e4"),
# ėjimai SAN su kalbos raidėmis.

## Konsolė
console-read-only = Tik peržiūra
console-arbiter = Teisėjo konsolė — { $name }
console-skip = Pereiti prie lentų
console-reload = Įkelkite puslapį iš naujo, kad matytumėte pakeitimus.
console-glance = Iš pirmo žvilgsnio
console-alerts = Pranešimai
console-boards = Lentos
console-plan = Lentų suderinimas (taisyklė D.2.9)
console-clocks = Laikrodžiai
console-claims = Pretenzijos
console-moves = Partijos blankai
console-log = Įvykių žurnalas
console-actions = Teisėjo veiksmai
console-no-alerts = Pranešimų nėra.
console-no-claims = Neišspręstų pretenzijų nėra.
console-no-plan = Suderinti nereikia.
console-plan-open = Lentos skiriasi: suderinimo planas yra žemiau.
console-state-waiting = Partija dar neprasidėjo.
console-state-running = Partija vyksta.
console-state-paused = Teisėjas sustabdė laikrodžius.
console-state-adjourned = Partija atidėta.
console-state-finished = Partija baigta: { $result }.
console-clock-side = { color }
console-clock-vi = { color } — silpnaregis žaidėjas
console-clock-running = Eina
console-clock-stopped = Stovi
console-clock-paused = Sustabdytas
console-clock-moves = Ėjimai: { $count }
console-claim = { color } pareiškia pretenziją ({ $ground }): { $detail }
console-uphold = Patenkinti pretenziją { $id }
console-reject = Atmesti pretenziją { $id }
console-dismiss = Pranešimas { $id } peržiūrėtas
console-carry-out = Vykdyti planą
console-pause = Sustabdyti laikrodžius
console-resume = Paleisti laikrodžius
console-side = Pusė
console-white = Baltieji
console-black = Juodieji
console-set-clock = Nustatyti laikrodį
console-time-left = Likęs laikas (h:mm:ss)
console-set-clock-button = Nustatyti laikrodį
console-set-moves = Nustatyti ėjimų skaitiklį
console-moves-made = Atlikta ėjimų
console-set-moves-button = Nustatyti skaitiklį
console-penalty = Nuobauda (taisyklės 7.5.5, 12.9)
console-penalty-kind = Nuobauda
console-penalty-warning = Įspėjimas
console-penalty-add = Pridėti laiko varžovui
console-penalty-reduce = Sumažinti pažeidėjo laiką
console-penalty-lose = Partija pralaimėta
console-seconds = Sekundės
console-penalty-button = Skirti nuobaudą
console-declare = Paskelbti rezultatą
console-result = Rezultatas
console-reason = Priežastis
console-declare-button = Paskelbti rezultatą
console-vi-board = Silpnaregio žaidėjo lenta
console-sighted-board = Reginčiojo žaidėjo lenta
console-board-as-text = { $board } tekstu
console-board-unreadable = Šios lentos perskaityti nepavyksta.
console-boards-agree = Abi lentos sutampa.
console-boards-differ = Lentos skiriasi { $count ->
    [one] viename laukelyje
   *[other] { $count } laukeliuose
 }.
console-square-differs = { $square }: silpnaregio lentoje { $vi }, reginčiojo lentoje { $sighted }.
console-square-empty = tuščia
console-scoresheets = Abu partijos blankai, pusėjimis po pusėjimio
console-ply = Pusėjimis
console-vi-player = Silpnaregis žaidėjas
console-sighted-player = Regintis žaidėjas
console-same = Sutampa
console-yes = taip
console-no = ne
console-no-moves = Ėjimų dar nėra.

## Lentų suderinimas (taisyklė D.2.9)
plan-ply = { color }, { $number } ėjimas
plan-agreement = Abi lentos sutampa su partijos blankais.
plan-scoresheets-agree = Partijos blankai sutampa iki: { $at }. Viena lenta nuo jų skiriasi ir ištaisoma.
plan-scoresheets-agree-start = Partijos blankai sutampa (pradinė pozicija). Viena lenta nuo jų skiriasi ir ištaisoma.
plan-scoresheets-differ = Partijos blankai skiriasi nuo: { $at }. Partija grąžinama į poziciją po: { $last }, kur jie paskutinį kartą sutapo.
plan-scoresheets-differ-start = Partijos blankai skiriasi nuo: { $at }. Partija grąžinama į pradinę poziciją, kur jie paskutinį kartą sutapo.
plan-boards-agree = Abi lentos rodo vieno blanko partiją. Kitas blankas ištaisomas (taisyklė 8.1).
plan-continues = Partija tęsiama po: { $at }.
plan-continues-start = Partija tęsiama nuo pradinės pozicijos.
plan-findings = Radiniai
plan-board-of = { $player ->
    [vi] Silpnaregio žaidėjo lenta
   *[sighted] Reginčiojo žaidėjo lenta
 }
plan-player = { $player ->
    [vi] silpnaregio žaidėjo
   *[sighted] reginčiojo žaidėjo
 }
plan-move-on-one-board = Nuo { $at } { plan-player } lentoje trūksta ėjimų: { $moves }.
plan-wrong-move = Ėjime { $at } { plan-player } lentoje atliktas { $executed }, o ne { $recorded }.
plan-board-disturbed = Ne savo laukeliuose { plan-player } lentoje stovi figūros: { $squares }.
plan-unrecorded = Nuo { $at } { plan-player } blanke trūksta ėjimų: { $moves }.
plan-not-played = Nuo { $at } { plan-player } blanke yra ėjimų, kurių nerodo jokia lenta: { $moves }. Jie išbraukiami.
plan-missing-move = Ties { $at } { plan-player } blanke trūksta ėjimo { $moves }.
plan-swapped = { $player ->
    [none] Du ėjimai užrašyti ne ta tvarka: { $moves }.
   *[other] Du ėjimai { plan-player } blanke užrašyti ne ta tvarka: { $moves }.
 }
plan-illegal-entry = Ties { $at } { plan-player } blanke užrašyta „{ $moves }“, tai ne taisyklingas ėjimas.
plan-different-move = Ties { $at } silpnaregis žaidėjas užrašė { $vi }, regintis žaidėjas { $sighted }.
plan-step-remove = Nuimkite { $piece } nuo { $from }.
plan-step-move = Perkelkite { $piece } iš { $from } į { $to }.
plan-step-lift = Pakelkite { $piece } nuo { $from } ir laikykite rankoje.
plan-step-place = Padėkite { $piece } į { $to }.
plan-step-add = Pastatykite { $piece } į { $to }.
plan-clocks = Nustatykite laikrodžius: baltieji { $white }, juodieji { $black }. Ėjimų skaitikliai: baltieji { $white-moves }, juodieji { $black-moves }.
plan-clocks-unknown = Šiam ėjimui laikas neužrašytas: laikrodžius nustato teisėjas. Ėjimų skaitikliai: baltieji { $white-moves }, juodieji { $black-moves }.

## Spausdinamas partijos blankas
sheet-title = Partijos blankas
sheet-doc-title = Partijos blankas: { $white } – { $black }
sheet-page = { $number } puslapis iš { $pages }
sheet-event = Varžybos
sheet-site = Vieta
sheet-date = Data
sheet-round = Ratas
sheet-board = Lenta
sheet-arbiter = Teisėjas
sheet-time-control = Laiko kontrolė
sheet-white = Baltieji
sheet-black = Juodieji
sheet-vi = silpnaregis
sheet-by-hand = Prašome įrašyti ranka (rašoma iš dešinės į kairę).
sheet-title-label = Titulas
sheet-rating = Reitingas
sheet-fide-id = FIDE ID
sheet-federation = Federacija
sheet-number = Nr.
sheet-time = Laikas
sheet-result = Rezultatas
sheet-illegal-none = Neteisėtų ėjimų nėra.
sheet-illegal-added = ‡ { $move }: neteisėtas ėjimas ({ color }); varžovui pridėta { $time } (taisyklė 7.5.5).
sheet-illegal-lost = ‡ { $move }: neteisėtas ėjimas ({ color }); partija baigta (taisyklė 7.5.5).
sheet-sign-white = Baltųjų parašas
sheet-sign-black = Juodųjų parašas
sheet-sign-arbiter = Teisėjo parašas
sheet-footer = Parašė annabella pagal stalo žurnalą. (=) lygiųjų pasiūlymas su šiuo ėjimu (taisyklė 9.1.2.2). ‡ neteisėtas ėjimas vietoj šio ėjimo (taisyklė 7.5).
sheet-clocks = Laikas per partiją
sheet-clocks-note = Likęs laikas po kiekvieno ėjimo (laikai yra ir ėjimų stulpeliuose).
sheet-axis-move = Ėjimas

## Konsolės prisijungimo ir klaidos puslapiai
console-sign-in = Teisėjo prisijungimas
console-sign-in-token = Konsolės raktas (išspausdintas paleidžiant konsolę)
console-sign-in-name = Jūsų vardas (įrašomas prie kiekvieno veiksmo)
console-sign-in-open = Atverti teisėjo konsolę
console-error = Neatlikta
console-back = Atgal
console-say-remote-token = Prieigai iš kito kompiuterio reikia konsolės rakto.
console-say-needs-token = Teisėjo konsolei reikia konsolės rakto.
console-say-wrong-token = Šis raktas neteisingas.
console-say-needs-name = Įveskite savo vardą: jis įrašomas prie kiekvieno veiksmo.
console-say-not-running = Stalas neveikia: užklausa nepristatyta.
console-say-action-token = Teisėjo veiksmams reikia konsolės rakto.
console-say-action-name = Kiekvienam veiksmui reikia teisėjo vardo (laukas „by“).

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
console-next-game = Patvirtinti rezultatą ir pradėti kitą partiją
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
serve-two-hosts = Užklausoje turi būti viena Host antraštė.
serve-foreign-host = Šis serveris neatsako šiuo kompiuterio vardu.
serve-foreign-form = Forma turi ateiti iš paties šio serverio puslapio.
serve-guesses = Per daug neteisingų raktų iš šio kompiuterio; bandykite dar kartą po minutės.
console-say-needs-name = Įveskite savo vardą: jis įrašomas prie kiekvieno veiksmo.
console-say-not-running = Stalas neveikia: užklausa nepristatyta.
console-say-action-token = Teisėjo veiksmams reikia konsolės rakto.
console-say-action-name = Kiekvienam veiksmui reikia teisėjo vardo (laukas „by“).
console-say-sent = Išsiųsta: { $action } ({ $by }).
console-say-refuse-missing = Laukas „{ $field }“ tuščias: užpildykite jį.
console-say-refuse-number = Lauke „{ $field }“ įrašyta „{ $text }“: įveskite sveikąjį skaičių.
console-say-refuse-clock = Likęs laikas „{ $text }“ nėra laikas: įveskite jį kaip h:mm:ss, pavyzdžiui, 1:29:00.
console-say-refuse-over-a-day = Likęs laikas { $text } viršija 24 valandas: laikrodis nustatomas daugiausia 24:00:00.
console-say-refuse-form = Forma neišsami arba pasenusi: įkelkite puslapį iš naujo ir bandykite dar kartą.
console-refused-no-claim = nėra laukiančios pretenzijos { $claim }
console-refused-no-alert = nėra pranešimo { $alert }
console-refused-no-plan = plano nėra
console-refused-plan-changed = planas pasikeitė nuo tada, kai buvo parodytas
console-refused-unknown-board = { $board ->
    [vi] silpnaregio žaidėjo lenta
   *[sighted] reginčiojo žaidėjo lenta
} nežinoma
console-refused-plan-steps = plano žingsniai netinka lentoms
console-refused-not-over = partija dar nebaigta; jos rezultatas patvirtinamas, kai ji baigiasi

## Turnyro salė: apžvalga, vienos lentos puslapis ir ekranas
hall-title = Turnyro salė
hall-title-arbiter = Turnyro salė — vyriausiasis teisėjas
hall-title-screen = Turnyro salė — ekranas
hall-alerts = Pranešimai
hall-tables = Lentos
hall-all-games = Visos partijos (PGN)
hall-calm = Nė vienai lentai nereikia teisėjo.
hall-alert-count = { $count ->
    [one] { $count } pranešimui reikia teisėjo.
   *[other] Pranešimų, kuriems reikia teisėjo: { $count }.
}
hall-table = Lenta { $table }
hall-no-table = Dar nė viena lenta nepranešė.
hall-after-ply = (po pusėjimio { $number })
hall-record = įrašas { $number }
hall-witness-replayed = ankstesnis vaizdas pakartotas
hall-witness-contradicted = žurnalas prieštarauja
hall-kind-called = kviečiamas teisėjas
hall-kind-paused = laikrodžiai sustabdyti
hall-kind-peg-board = lenta su kaiščiais skiriasi
hall-kind-sighted-board = reginčiojo žaidėjo lenta skiriasi
hall-kind-sighted-touch = paliesta figūra (regintysis žaidėjas)
hall-kind-vi-touch = paliesta figūra (silpnaregis žaidėjas)
hall-kind-press = laikrodis paspaustas be ėjimo
hall-kind-flag = vėliavėlė nukrito
hall-kind-claim = pretenzija
hall-kind-illegal = neleistinas ėjimas
hall-kind-clock-device = laikrodis
hall-kind-entry = įvestis skiriasi nuo lentos
hall-state-waiting = Laukiama pirmojo lentos vaizdo.
hall-state-finished = Baigta: { $result } ({ $termination }).
hall-state-adjourned = Atidėta.
hall-state-white = Ėjimas baltųjų.
hall-state-black = Ėjimas juodųjų.
hall-state-paused-white = Laikrodžiai sustabdyti, ėjimas baltųjų.
hall-state-paused-black = Laikrodžiai sustabdyti, ėjimas juodųjų.
hall-claim-waits = Laukia pretenzija.
hall-white = Baltieji
hall-black = Juodieji
hall-running = ▶ eina
hall-vi = SR
hall-vi-long = (silpnaregis)
hall-last-move = Paskutinis ėjimas: { $move }
hall-no-move = Dar nė vieno ėjimo.
hall-dropped = Atmesti pranešimai: { $text }.
hall-dropped-none = nėra
hall-dropped-unsigned = { $count } nepasirašyti
hall-dropped-forged = { $count } pasirašyti kitu raktu
hall-dropped-unknown = { $count } iš lentos, kurios rakto salė neturi
hall-dropped-big = { $count } per dideli
hall-dropped-malformed = { $count } sugadinti arba netinkamoje temoje
hall-dropped-illegal = { $count } su neleistinu ėjimu
hall-dropped-gap = { $count } po spragos (laukiama kito vaizdo)
hall-dropped-absurd = { $count } su neįmanomu įrašo ar partijos numeriu
hall-dropped-old = { $count } iš ankstesnės partijos
hall-dropped-actions = { $count } suklastoti teisėjo veiksmai
hall-dropped-contradicting = { $count } prieštarauja patvirtintai žurnalo būsenai
hall-dropped-replayed = { $count } pakartoti iš laikų prieš salės paleidimą iš naujo
hall-dropped-newer = { $count } naujesniu protokolu, nei ši salė skaito (atnaujinkite salę)
hall-dismiss = Užbaigti šį pranešimą prie lentos { $table }
hall-pause = Sustabdyti laikrodžius prie lentos { $table }
hall-resume = Paleisti laikrodžius prie lentos { $table }
hall-result = Rezultatas prie lentos { $table }
hall-declare = Paskelbti rezultatą prie lentos { $table }
hall-next-game = Patvirtinti rezultatą prie lentos { $table } ir pradėti kitą partiją
hall-back = Atgal į salę
hall-no-alert = Prie šios lentos pranešimų nėra.
hall-dismissed = (užbaigta)
hall-moves = Ėjimai
hall-clock-chart = Laikrodžiai per partiją
hall-clock-numbers = Tas pats lentele

## Konsolės žurnalas, pranešimai ir pretenzijos
view-refused = { $text } Atmesta: { $reason }.
view-input-refused = Įvestis atmesta: { $reason }.
view-said-vi = Pasakyta silpnaregiui žaidėjui: „{ $text }“.
view-said-sighted = Pasakyta reginčiajam žaidėjui: „{ $text }“.
view-said-both = Pasakyta abiem žaidėjams: „{ $text }“.
view-recorded = Ėjimas { $move } užrašytas (liko { $time }).
view-alert-log = Pranešimas: { $text }
view-alert = { $what }: { $detail }
view-game-over = Partija baigta: { $result } ({ $termination }).
view-device = { $device }: { $report }.
view-device-down = Ryšys su įrenginiu { $device }: { $report }.
view-device-name = { $device ->
    [clock] laikrodis
    [peg_board] lenta su kaiščiais
    [dgt] DGT lenta
   *[other] { $name }
}
view-report-opened = atidaryta { $path }
view-report-reopened = vėl atidaryta { $path }
view-report-lost = nutrūko: { $reason }
view-report-open-failed = nepavyksta atidaryti: { $reason }
view-pegs = Lenta su kaiščiais: kaištis laukelyje { $squares }, kur netrūksta jokios partijos figūros (rodomas kaip pėstininkas; lenta jaučia tik užimtumą).
view-ground-threefold = triskart pasikartojusi pozicija (9.2)
view-ground-fifty = penkiasdešimties ėjimų taisyklė (9.3)
view-claim-intended = numatytas ėjimas { $move }; įrenginys negalėjo patenkinti pretenzijos
view-claim-not-upheld = įrenginys negalėjo patenkinti pretenzijos
view-by-arbiter = { $user }: { $text }.
view-keyboard = Teisėjas prie klaviatūros: { $text }.
view-started = Partija pradėta.
view-heard = Silpnaregis žaidėjas pasakė: „{ $text }“.
view-assistant = Asistentas įvedė reginčiojo žaidėjo ėjimą { $move }.
view-sighted = Regintysis žaidėjas: { $what }.
view-alert-called = Kviečiamas teisėjas
view-alert-paused = Žaidėjas sustabdė laikrodžius
view-alert-peg-board = Lentos skiriasi (lenta su kaiščiais)
view-alert-sighted-board = Lentos skiriasi (reginčiojo žaidėjo lenta)
view-alert-sighted-touch = Paliesta figūra (regintysis žaidėjas)
view-alert-vi-touch = Paliesta figūra (silpnaregis žaidėjas)
view-alert-press = Laikrodis paspaustas be ėjimo
view-alert-flag = Nukrito vėliavėlė
view-alert-clock-device = Laikrodis (atsijungė, grįžo arba senka baterija)
view-alert-claim = Reikia spręsti pretenziją
view-alert-illegal = Neleistinas ėjimas reginčiojo žaidėjo lentoje
view-alert-entry = Asistento įvestis skiriasi nuo lentos
view-cause-clock-lost = laikrodis neprijungtas arba išjungtas; lenta pati skaičiuoja laiką ir perjungia laikrodžius
view-cause-clock-back = laikrodis vėl prijungtas; jo svirtelės paspaudimai vėl skaičiuojami
view-cause-clock-refuses = laikrodis nepriima lentos laikų; nustatykite jį rankiniu būdu (lenta skaičiuoja laiką)
view-cause-clock-battery = laikrodis praneša apie senkančią bateriją
view-cause-start-waits = partija laukia pradinės pozicijos reginčiojo žaidėjo lentoje; teisėjo startas ją vis tiek pradeda
view-cause-sighted-board = reginčiojo žaidėjo lenta skiriasi nuo partijos
view-cause-sighted-press = regintysis žaidėjas paspaudė laikrodį, bet lentoje ėjimo nematyti
view-cause-paused-vi = silpnaregis žaidėjas sustabdė laikrodžius
view-cause-paused-sighted = regintysis žaidėjas ({ $side }) sustabdė laikrodžius
view-cause-paused-button = žaidėjas prie lentos sustabdė laikrodžius laikrodžio mygtuku
view-cause-flag = nukrito vėliavėlė: { $side } (silpnaregio žaidėjo); varžovas arba teisėjas gali pareikšti pretenziją

## play: partija po partijos (teisėjo terminalas)
play-offer-next = Partija { $dir } baigta ({ $result }). Pradėti kitą partiją { $next }? [taip]:
play-next-begins = Partija { $dir } baigta ({ $result }): kita partija prasideda { $next }.
play-new-game = Nauja partija, kaip prašyta: partija { $dir } lieka, kokia yra; kita prasideda { $next }.
play-game-over = Partija { $number } baigta: { $result }. Toliau kita partija.
play-game-records = Partija { $number }: { $line }
play-not-over = Partija dar nebaigta: jos rezultatą galima patvirtinti tik po to.
play-confirmed = { $by }: rezultatas patvirtintas; toliau kita partija.
play-round = { $round } ratas: { $white } – { $black } (Round "{ $pgn }").
play-waiting = Laukiama { $round } rato porų: { $why }.
play-forfeit = { $round } rato { $board } lenta ({ $white } – { $black }) išspręsta be žaidimo: čia nėra ką žaisti.
play-no-pairing = TRF faile { $round } rate dar nėra { $board } lentos.
play-vi-bye = { $round } ratas: { $name } nežaidžia (laisvas ratas); stalas laukia kito rato.
play-vi-not-paired = TRF faile { $round } rate dar nenurodytas silpnaregis žaidėjas (starto numeris { $rank }).
play-no-trf = Stalo faile nenurodytas TRF failas arba lenta.
play-journal = Partijos žurnalas yra { $path }.
play-written = Failas { $path } įrašytas.
play-braille-not-written = Brailio partijos blankas neįrašytas: { $why }.
play-printed-not-written = Spausdintas partijos blankas neįrašytas: { $why }.
play-result = Partija baigta: { $result } ({ $termination }).
play-script-ended = Scenarijus baigėsi anksčiau nei partija; žurnalas ją išsaugo.

## demo: what the operator's terminal is told
demo-earlier-records = Aplanke { $dir } yra ankstesnės partijos įrašai; jie paliekami, o ši partija įrašoma į { $next }.
demo-starts = Demonstracija žaidžia pagal scenarijų { $script }; jos įrašai rašomi į { $dir }.
demo-hall-drained = Salės brokeris turi žurnalo įrašus nuo 1 iki { $last }.
demo-hall-behind = Salės brokeris turi tik įrašus nuo 1 iki { $acked } iš { $last }; kiti laukia žurnale { $journal }, o „annabella hall publish --once --journal { $journal } …“ juos išsiunčia.
demo-hall-failed = Ne visi įrašai pasiekė salę: { $error }.

## devices: what `annabella devices` finds
devices-no-ports = Nerasta jokių nuosekliųjų prievadų.
devices-no-audio = Nerasta jokių garso įvesties įrenginių.

## devices watch: what a device reports
watch-opened = { $reconnect ->
    [yes] Vėl prisijungta
   *[no] Prisijungta
} prie { $path }; visa būsena skaitoma iš naujo.
watch-lost = Ryšys nutrūko ({ $why }); per spragą ėjimas nenustatomas.
watch-open-failed = Prievado atidaryti nepavyksta ({ $why }); bandoma toliau.
watch-hello = Įrenginys prisistato: { $version }.
watch-move = Lentoje atliktas ėjimas { $move }.
watch-promotion = Virsmas iš { $from } į { $to } laukia paskelbtos figūros.
watch-ambiguous = Tinka keli teisėti ėjimai: { $moves }.
watch-in-sync = Lenta atitinka partiją.
watch-mismatch = Lenta skiriasi nuo partijos: { $what }.
watch-touched = Figūra { $piece } langelyje { $square } pakelta (įrenginio laikas { $at } ms).
watch-lift = Kaištis pakeltas iš { $square } (įrenginio laikas { $at } ms).
watch-place = Kaištis įstatytas į { $square } (įrenginio laikas { $at } ms).
watch-lever = { $color ->
    [white] Baltieji
   *[black] Juodieji
} paspaudė laikrodžio svirtį (įrenginio laikas { $at } ms).
watch-button = Mygtukas „{ $button ->
    [time-query] laikas
    [pause] pauzė
   *[push-to-talk] kalbėti
}“ { $pressed ->
    [yes] paspaustas
   *[no] atleistas
} (įrenginio laikas { $at } ms).
watch-clock-status = DGT 3000 { $connected ->
    [yes] prijungtas
   *[no] neprijungtas
} ir { $running ->
    [yes] eina
   *[no] sustojęs
}; jo baterija { $battery ->
    [yes] silpna
   *[no] tvarkinga
}.
watch-clock-gone = DGT 3000 tyli jau { $ms } ms, nors buvo paklaustas.
watch-clock-times = Laikrodis rodo: baltieji { $white }, juodieji { $black }; { $running ->
    [white] eina baltųjų laikrodis.
    [black] eina juodųjų laikrodis.
   *[none] neina nė vienas laikrodis.
}
watch-clock-button = Paspaustas DGT 3000 mygtukas { $code }.
watch-clock-ack = DGT 3000 patvirtino komandą.
watch-clock-failed = DGT 3000 taip ir nepatvirtino komandos.
watch-error = Perdavimo klaida, ryšys tęsiasi: { $why }.

## journal replay and export: what the reader of a journal is told
journal-accepted-unkeyed = Įspėjimas: žurnale { $path } nėra MAC kodų, nors šis stalas turi slaptąjį raktą; jis skaitomas neautentifikuotas tik todėl, kad jūs to paprašėte su { $accept }: kas galėjo rašyti į failą, galėjo perrašyti jo partiją, ir čia to niekas negali nustatyti.
journal-dropped = Paskutinis žurnalo { $path } įrašas ({ $seq }, { $at } ms) buvo nutrūkęs arba sugadintas ir atidėtas ({ $damage }); partija tęsiama nuo įrašo { $next }.
journal-damaged = Žurnalo { $path } įrašas { $seq } sugadintas ({ $damage }); įrašai nuo 1 iki { $last } atkurti, { $count ->
    [one] įrašas nuo ten — ne.
   *[other] { $count } įrašai nuo ten — ne.
}
journal-file-damage = Žurnalas { $path } sugadintas už įrašų ribų: { $why }.
journal-other-secret = Žurnalas { $path } parašytas su kitu stalo slaptuoju raktu (ID { $journal }) nei nurodytasis (ID { $given }): jo MAC kodų patikrinti negalima.
journal-unkeyed-refused = Galima klastotė: žurnale { $path } nėra MAC kodų, bet šis stalas turi slaptąjį raktą (kiekvienas prie tokio stalo sukurtas žurnalas turi MAC kodus, ir demonstracijų taip pat), todėl jo MAC kodai galėjo būti pašalinti, o partija perrašyta.
journal-unkeyed-hint = Jei žinote, kad žurnalas { $path } tikras, { $accept } jį perskaito kaip neautentifikuotą.
journal-old-format = Žurnalas { $path } neautentifikuotas: jis parašytas prieš atsirandant žurnalų raktams (2 formatas); aptinkami tik atsitiktiniai pažeidimai.
journal-unkeyed = Žurnalas { $path } neautentifikuotas: jis sukurtas be stalo slaptojo rakto; aptinkami tik atsitiktiniai pažeidimai.
journal-unkeyed-by-design = Žurnalas { $path } neautentifikuotas: jis sąmoningai sukurtas be stalo slaptojo rakto (demonstracinė ar bandomoji partija); aptinkami tik atsitiktiniai pažeidimai.
journal-no-secret = Žurnalas { $path } neautentifikuotas: jis turi MAC kodus, bet perskaitytas be stalo slaptojo rakto (nurodykite jį su { $secret }); patikrinti tik atsitiktiniai pažeidimai.
journal-authenticated = Žurnalas { $path } autentifikuotas stalo slaptuoju raktu.
journal-refused = Įrašą { $seq } stalas atmetė: { $why }.
journal-edited-after-game = Žurnalo { $path } įrašai nebeatkuria baigtos partijos, išsaugotos jai pasibaigus (įrašas { $seq }): žurnalas redaguotas po partijos; PGN yra išsaugotasis.
journal-stored-pgn = Žurnalo { $path } PGN yra baigta partija, išsaugota jai pasibaigus (įrašas { $seq }).
journal-damage-hash = jo maiša neatitinka įrašo
journal-damage-forged = klastotė: jo maiša teisinga, bet MAC kodas ne, taigi jis perrašytas be stalo slaptojo rakto
journal-damage-decode = įvesties nepavyksta iššifruoti (parašyta kita versija?): { $error }
journal-damage-column = stulpelyje { $field } yra { $found }
journal-damage-gap = trūksta įrašo { $expected } (toliau rastas { $found })
journal-damage-time = laikas { $at } ms yra ankstesnis nei ankstesniojo įrašo { $previous } ms
journal-damage-missing = jo nėra: žurnalo antraštė sako, kad jame { $head } įrašų
journal-damage-head = žurnalo antraštė neatitinka paskutinio įrašo ({ $error })
journal-damage-finished = jo nėra: išsaugota baigta partija baigiasi įrašu { $last }
journal-damage-unreadable = jo puslapio neįmanoma perskaityti: { $error }

## journal replay: the rebuilt table
replay-records = Iš žurnalo atkurta įrašų: { $count }.
replay-position = Pozicija FEN: { $fen }.
replay-moves = Ėjimai: { $moves }.
replay-no-moves = Dar nepadarytas nė vienas ėjimas.
replay-clocks = Laikrodžiai: baltieji { $white }, juodieji { $black }; { $running ->
    [white] eina baltųjų laikrodis.
    [black] eina juodųjų laikrodis.
   *[none] neina nė vienas laikrodis.
}
replay-announced = Paskelbta, bet dar neužbaigta: { $said } ({ $made ->
    [yes] atlikta lentoje
   *[no] dar neatlikta
}).
replay-draw-offer = { $color ->
    [white] Baltieji
   *[black] Juodieji
} pasiūlė lygiąsias.
replay-arbiter = Įrašas { $seq }, stalo laikas { $at }, teisėjas { $by }: { $what }.

## unwinnable: can a side still checkmate (Laws 5.2.2, 6.9)
unwinnable-unreachable = Pastaba: ši pozicija negali susidaryti jokioje partijoje ({ $why ->
    [impossible-check] šachas, kurio negalėjo paskelbti joks paskutinis ėjimas
   *[too-much-material] daugiau figūrų, nei galėtų duoti virsmai
}).
unwinnable-no = { $color ->
    [white] Baltieji
   *[black] Juodieji
} negali paskelbti mato jokia teisėtų ėjimų seka.
unwinnable-yes = { $color ->
    [white] Baltieji
   *[black] Juodieji
} gali paskelbti matą, pavyzdžiui: { $moves }.
unwinnable-undetermined = Nenustatyta: paieška nutraukta.

## pairings: a round's pairings and results for the arbiter
pairings-board = Lenta { $board }: { $white } prieš { $black }.
pairings-forfeit = Lenta { $board }, { $winner ->
    [white] baltieji laimi be kovos (1-0)
    [black] juodieji laimi be kovos (0-1)
   *[none] abu pralaimi be kovos
}: { $white } prieš { $black }.
pairings-bye = { $kind ->
    [half-point] Laisvas ratas su puse taško
    [full-point] Laisvas ratas su visu tašku
    [pairing-allocated] Laisvas ratas pagal poravimą
    [forfeit-win] Pergalė be kovos
    [zero-point] Laisvas ratas be taško
   *[not-paired] Nesuporuota
}: { $player }.
pairings-written = Ratas { $round }: { $written } iš { $boards } lentų rezultatų įrašyti į { $out } ({ $won } iš jų be kovos; { $forfeits } partijos be kovos ir { $byes } laisvi ratai iš poravimo palikti ir įskaityti).
pairings-unfinished = Neįrašyta: lenta { $board }, partija nebaigta.
pairings-in-file-same = Neįrašyta: lenta { $board }, faile jau yra { $has }.
pairings-in-file = Neįrašyta: lenta { $board }, faile yra { $has }, partija sako { $given }; paliekamas failo rezultatas.
pairings-no-game = Neįrašyta: lenta { $board }, šios lentos partijos nėra.
pairings-other-round = Neįrašyta: partija { $white } – { $black }{ $tag } (eilutė { $line }) yra iš { $played } rato, ne iš { $round } rato.
pairings-forfeit-result = { $result } be kovos

## clock: a presses file through a time control
clock-control = Laiko kontrolė { $control } ({ $rate ->
    [blitz] žaibo partija
    [rapid] greitoji partija
   *[standard] klasikinė partija
}); baltųjų laikrodis pradeda nuo 0.
clock-flag = Eilutė { $line }: { $color ->
    [white] baltųjų
   *[black] juodųjų
} laikas baigėsi { $at }.
clock-step = Eilutė { $line }, { $at }: { $what }; baltieji turi { $white }, juodieji { $black }.
clock-what-start = { $color ->
    [white] Baltieji
   *[black] Juodieji
} pradeda
clock-what-move = { $color ->
    [white] Baltieji
   *[black] Juodieji
} baigia ėjimą { $number }
clock-what-press = { $color ->
    [white] Baltieji
   *[black] Juodieji
} paspaudžia
clock-what-pause = Pauzė
clock-what-resume = Laikrodžiai vėl eina
clock-what-add = { $color ->
    [white] Baltiesiems
   *[black] Juodiesiems
} pridėta { $time }
clock-what-show = Rodoma

## Lentos pasakojimas (ką play ir demonstracija rodo)
story-hears = { $who ->
    [vi] Silpnaregis žaidėjas
   *[sighted] Regintysis žaidėjas
} girdi: „{ $text }“.
story-cut = ({ $how ->
    [superseded] pakeista naujesniu pranešimu
    [stopped] nutraukta komanda „stop“
    [skipped] praleista
    [interrupted] pertraukta skubesnio pranešimo, vėliau pakartota
    [expired] atmesta, nes nebuvo pasakyta laiku
   *[failed] balsas negalėjo to pasakyti
})
story-button = Silpnaregis žaidėjas paspaudžia laikrodžio { $button ->
    [time-query] laiko mygtuką
    [pause] pauzės mygtuką
    [push-to-talk] kalbėjimo mygtuką
    [whose-turn] mygtuką „Kieno ėjimas?“
    [repeat-last-move] mygtuką „Pakartoti paskutinį ėjimą“
   *[call-arbiter] mygtuką „Kviesti teisėją“
}.
story-sealed = Ėjimas užantspauduotas: partija atidėta.

# The hall's refusals and notices (web.rs) and its Lichess line.
hall-refused-title = Klaida { $status }
hall-error-token = Šis prieigos raktas nėra salės.
hall-error-name = Įveskite savo vardą (by=…): Jis įrašomas su kiekvienu veiksmu.
hall-error-state = Salės būsenos neįmanoma perskaityti.
hall-error-arbiter = Vyriausiojo teisėjo salei reikia salės prieigos rakto.
hall-error-no-table = Salėje nėra lentos „{ $table }“.
hall-error-action = Teisėjo veiksmams reikia salės prieigos rakto.
hall-error-field-table = Formoje trūksta lauko „table“ (lenta).
hall-error-field-result = Laukas „result“: Laukta 1-0, 0-1 arba 1/2-1/2, gauta „{ $got }“.
hall-error-field-result-missing = Formoje trūksta lauko „result“ (1-0, 0-1 arba 1/2-1/2).
hall-error-field-seq = Laukas „seq“: Laukta pranešimo įrašo numerio.
hall-error-field-action = Laukas „action“: Laukta pause, resume, declare-result, dismiss-alert arba next-game, gauta „{ $got }“.
hall-error-field-action-missing = Formoje trūksta lauko „action“ (pause, resume, declare-result, dismiss-alert arba next-game).
hall-error-busy = Per daug žiūrovų stebi salę tiesiogiai; įkelkite puslapį vėliau.
hall-error-no-file = Tokio turo failo nėra.
hall-sent = Išsiųsta prie lentos { $table }: { $what }.
hall-not-sent-key = Neišsiųsta prie lentos { $table }: Salė neturi šios lentos veiksmų rakto.
hall-not-sent-name = Neišsiųsta prie lentos { $table }: Brokeris negali perduoti taip užrašyto lentos pavadinimo.
hall-not-sent-encode = Neišsiųsta prie lentos { $table }: Veiksmo nepavyko užrašyti siuntimui.
hall-not-sent-broker = Neišsiųsta prie lentos { $table }: Ryšys su brokeriu dabar nepriima žinučių; netrukus bandykite dar kartą.
hall-what-pause = sustabdyti laikrodžius
hall-what-resume = paleisti laikrodžius
hall-what-next-game = patvirtinti rezultatą ir pradėti kitą partiją
hall-what-result = paskelbti rezultatą { $result }
hall-what-dismiss = uždaryti įrašą { $seq }
hall-push-games = perduota partijų: { $count }
hall-push-failed = perduoti nepavyko: { $problem }
hall-push-why-unreachable = serveris { $url } nepasiekiamas
hall-push-why-too-long = jo atsakymas buvo ilgesnis nei { $kib } KiB ir neperskaitytas
hall-push-why-broke = jo atsakymas nutrūko
hall-push-why-not-lichess = atsakymas ne iš Lichess
hall-push-why-redirect = atmesta ({ $code }): serveris nukreipia perdavimą kitur ({ $to }); perdavimas niekada nesiunčiamas kitu adresu
hall-push-why-slow-down = Lichess prašo siųsti lėčiau (429)
hall-push-why-server = Lichess sutrikimas ({ $code }): { $said }
hall-push-why-refused = atmesta ({ $code }): { $said }
hall-push-why-token = atmesta ({ $code }): { $said } (ar API raktas galioja, su study:write, ir ar transliacija jūsų?)
hall-push-why-round = atmesta ({ $code }): { $said } (ar turo ID teisingas?)
hall-push-again = bandoma vėl po { $seconds } s
hall-push-stopped = nebus siunčiama, kol turas nepasikeis
hall-push-refused = nepriimta: lenta { $board } ({ $white } – { $black }): { $error }
hall-push-more = dar nepriimta partijų: { $count }
hall-push-line = Lichess transliacija, turas { $round }: { $text }.

# The board's and the clock chart's texts for screen readers (annabella-board).
board-same = Nuo kitos lentos nesiskiria.
board-differs = Nuo kitos lentos skiriasi langeliuose { $squares }.
board-no-pieces = figūrų nėra
board-chart-title = Kiekvienos pusės likęs laikas, ėjimas po ėjimo
board-chart-after = Po pusėjimio { $number }: baltieji { $white }, juodieji { $black }. Lentelėje žemiau yra visos reikšmės.
board-chart-none = Dar nėra ėjimų.
board-chart-caption = Likęs laikas po kiekvieno ėjimo
board-chart-move = Ėjimas
board-chart-white = Baltieji
board-chart-black = Juodieji

# What an arbiter did, as the console's and the hall's log show it (annabella-view).
view-act-white = baltųjų
view-act-black = juodųjų
view-act-pause = sustabdyti laikrodžiai
view-act-resume = paleisti laikrodžiai
view-act-set-clock = { $side } laikrodis nustatytas į { $time }
view-act-set-moves = { $side } ėjimų skaitiklis nustatytas į { $moves }
view-act-warn = { $side } žaidėjas įspėtas
view-act-add-opponent = bauda { $side } žaidėjui: { $other } pridėta { $seconds } s
view-act-reduce = bauda { $side } žaidėjui: atimta { $seconds } s
view-act-lose = partija pripažinta pralaimėta { $side } žaidėjui
view-act-uphold = pretenzija { $claim } patenkinta
view-act-reject = pretenzija { $claim } atmesta
view-act-result = paskelbtas rezultatas { $result } ({ $reason })
view-act-plan = įvykdytas suderinimo planas
view-act-dismiss = pranešimas { $alert } uždarytas
view-act-next-game = rezultatas patvirtintas, prasideda kita partija

# Who called the arbiter, on the hall's and the projector's alerts.
hall-called-vi = Silpnaregis žaidėjas ({ $side }) kviečia teisėją; laikrodžiai sustabdyti.
hall-called-sighted = Regintis žaidėjas ({ $side }) kviečia teisėją; laikrodžiai sustabdyti.
hall-called-sighted-running = Regintis žaidėjas ({ $side }) kviečia teisėją.
hall-called-button = Kažkas prie lentos kviečia teisėją (laikrodžio mygtuku); laikrodžiai sustabdyti.

## init: stalo parengimo vedlys (ką sužino ir ko klausiamas organizatorius ar teisėjas)
init-ports-none = Nerasta nė vieno nuosekliojo prievado: prijunkite lentas ir laikrodį per USB.
init-port-dgt = Prievade { $path } atsiliepia DGT lenta (programinė įranga { $version }){ $clock ->
    [yes] , prie jos laido prijungtas DGT 3000 laikrodis
   *[no] {""}
}.
init-port-peg = Prievade { $path } atsiliepia lytėjimo kaiščių lenta (programinė įranga { $version }).
init-port-clock = Prievade { $path } atsiliepia lytėjimo laikrodis (programinė įranga { $version }).
init-port-second = Tai antras tokios rūšies įrenginys, jis nenaudojamas.
init-port-problem = Tai, ką jis praneša, nėra šachmatų pozicija: { $problem }.
init-port-silent = Prievade { $path } neatsiliepia nieko žinomo: per { $ms } ms neatsakoma nei į kaiščių lentos ar laikrodžio HELLO, nei į DGT lentos versijos užklausą.
init-port-unopened = Prievado { $path } negalima naudoti: { $why }.
init-not-found = { $device ->
    [peg-board] Kaiščių lenta nerasta
    [dgt] DGT lenta nerasta
   *[clock] Lytėjimo laikrodis nerastas
}: įrašoma "none".
init-mics-none = Mikrofonas nerastas: prijunkite ausines su mikrofonu.
init-mic = Mikrofonas { $id }: { $name }{ $default ->
    [yes] {" "}(numatytoji įvestis)
   *[no] {""}
}.
init-voices = Espeak-ng balsai kalbai { $language }: { $voices }.
init-voices-none = Espeak-ng neturi balso kalbai { $language }.
init-ask-vi = Kokios spalvos figūromis žaidžia regos negalią turintis žaidėjas (white – baltosiomis, black – juodosiomis)?
init-ask-white = Koks baltųjų žaidėjo vardas?
init-ask-black = Koks juodųjų žaidėjo vardas?
init-ask-time-control = Kokia laiko kontrolė PGN forma (5400+30 yra 90 minučių ir 30 sekundžių už ėjimą)?
init-ask-vi-language = Kokią kalbą girdi regos negalią turintis žaidėjas (de, en, lt, lv, hu)?
init-ask-sighted-language = Kokia kalba skaito reginčiasis žaidėjas?
init-ask-records = Į kurį katalogą rašomi partijų įrašai?
init-ask-model = Kuris Vosk modelio katalogas girdi žaidėją (none: žodžiai renkami klaviatūra)?
init-ask-event = Koks renginys, turnyro pavadinimas (tuščia: jokio)?
init-ask-site = Kur žaidžiama, kuriame mieste (tuščia: niekur)?
init-ask-round = Kelintas ratas (tuščia: joks)?
init-ask-board = Prie kurios lentos žaidžia stalas (tuščia: jokios)?
init-ask-arbiter = Koks teisėjo vardas (tuščia: jokio)?
init-problem-kings = { $color ->
    [white] baltųjų
   *[black] juodųjų
} karalių lentoje: { $count }
init-problem-pieces = { $color ->
    [white] baltųjų
   *[black] juodųjų
} figūrų lentoje: { $count }
init-problem-pawn = pėstininkas pirmoje arba paskutinėje eilėje
init-problem-pegs = skylių su kaiščiu: { $count }, o partijoje yra ne daugiau kaip 32 figūros
init-prompt = { $question } [{ $default }]:
init-again = Nesuprasta: { $why }. Atsakykite dar kartą.
init-why-color = white arba black
init-why-language = viena iš de, en, lt, lv, hu
init-why-board = lentos numeris nuo 1
init-why-time-control = tai ne laiko kontrolė PGN forma ({ $why })
init-why-model = tai ne Vosk modelis ({ $why })
init-hall-no-password = Salės brokerio slaptažodžio failas nenurodytas: blokas [hall] įrašomas užkomentuotas; įrašykite stalo slaptažodį brokeryje ir pašalinkite # ženklus.
init-hall-for = Salės administratorius stalui { $table } atlieka tris dalykus.
init-hall-user = 1. Sukurkite stalo naudotoją brokeryje; jis paprašys slaptažodžio – to, kuris yra stalo bloke [hall].
init-hall-acl = 2. Įrašykite šias eilutes į /etc/mosquitto/annabella/acl, tada paleiskite "systemctl reload mosquitto".
init-hall-tables = 3. Įrašykite šį įrašą į salės stalų failą (annabella hall --tables FAILAS).
init-secret = { $made ->
    [yes] Stalo paslaptis sukurta
   *[no] Stalo paslaptis palikta
}: { $path } (privati, režimas 0600). Ja patvirtinami stalo žurnalai: saugokite ją ir niekada nekopijuokite į kitą stalą.
init-signing-key = { $made ->
    [yes] Stalo parašo raktas sukurtas
   *[no] Stalo parašo raktas paliktas
}: { $path } (privatus, režimas 0600) ir { $public } (viešas, salei).
init-note-no-peg-board = Kaiščių lentos nėra: regos negalią turintis žaidėjas naudoja įprastą lytėjimo komplektą; ėjimas atliktas, kai jis jį patvirtina (laikrodžio paspaudimu, žodžiu "gesetzt" arba "done" ar asistento klavišu), o prisilietimai nematomi.
init-note-dgt-clock = Lytėjimo laikrodžio nėra: DGT 3000 prie DGT lentos yra stalo laikrodis (spaudžiama jo svirtis, jo mygtukais klausiama laiko, kieno ėjimas, paskutinio ėjimo ir teisėjo).
init-note-no-clock = Laikrodis nerastas: stalas pats skaičiuoja laiką, ir abu paspaudimai yra "automatic" (regos negalią turinčio žaidėjo žodis ar asistento klavišas, reginčiojo žaidėjo ėjimas DGT lentoje); laikai rodomi konsolėje ir salėje.
init-written = Failas { $path } įrašytas.
init-handed = Tarnybos naudotojui { $user } perduota: { $paths }.
init-lichess-kept = Lichess prieigos raktas faile { $path } paliktas.
init-lichess-paste = Įklijuokite savo Lichess prieigos raktą (lichess.org/account/oauth/token, teisė board:play) ir paspauskite Enter.
init-lichess-written = Lichess prieigos raktas įrašytas į { $path } (privatus, režimas 0600; jis skaitomas tik iš ten).
init-next = Toliau patikrinkite stalą: annabella doctor --config { $path }.
init-error-exists = Failas { $path } jau yra ir nekeičiamas.
init-error-read = Failo { $path } negalima perskaityti: { $why }.
init-error-trf = Failo { $path } negalima perskaityti kaip TRF failo: { $why }.
init-error-forfeit = TRF faile { $path } { $round } rato { $board } lenta ({ $white } – { $black }) nuspręsta be kovos ({ $winner ->
    [white] 1-0
    [black] 0-1
   *[none] abu žaidėjai neatvyko
}): ten partija nežaidžiama.
init-error-no-such-board = TRF failo { $path } { $round } rate nėra { $board } lentos: jo lentos yra nuo 1 iki { $boards }.
init-error-refused = { $question } Atsakymas „{ $given }“ nesuprastas: { $why }.
init-error-input-ended = Standartinė įvestis baigėsi prieš atsakymą į klausimą: { $question }
init-error-cannot-play = Su failu, kurį init įrašytų, stalas negali žaisti: { $why }.
init-error-write = Failo { $path } negalima įrašyti: { $why }.
init-error-keys = Stalo parašo rakto negalima sukurti ar perskaityti: { $why }.
init-error-no-board-anywhere = Lenta nerasta: jokiame nuosekliajame prievade neatsiliepė nei DGT lenta, nei lytėjimo kaiščių lenta. Prijunkite lentas, įjunkite jas ir vėl paleiskite init.
init-error-no-board = Lenta nerasta: prievade { $ports } neatsiliepė nei DGT lenta, nei lytėjimo kaiščių lenta. Prijunkite lentas, įjunkite jas ir vėl paleiskite init.
init-error-token = Lichess prieigos raktas netinkamas: { $why }.
init-error-lichess = Lichess nustatymas netinkamas: { $why }.
init-error-no-token = Lichess prieigos raktas nepateiktas: tai viena standartinės įvesties eilutė.
init-error-secret = Stalo paslapties negalima sukurti ar perskaityti: { $why }.
init-error-io = Nepavyko rašyti į terminalą: { $why }.
init-hint-force = Su --force jis pakeičiamas; su --out įrašomas kitas failas.
init-hint-non-interactive = Su --non-interactive nieko neklausiama: atsakymus duoda parinktys ir numatytosios reikšmės.
init-hint-no-devices = Su --no-devices įrašomas stalas be įrenginių (tik renkami ėjimai).

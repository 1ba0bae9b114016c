# Lapu un drukātās partijas veidlapas teksti latviski: tiesneša konsole, galdiņu
# saskaņošana (noteikums D.2.9) un veidlapas virsraksti. Lauciņi kā veidlapā
# ($square: "e4"), gājieni SAN ar valodas burtiem.

## Konsole
console-read-only = Tikai skatīšanās
console-arbiter = Tiesneša konsole — { $name }
console-skip = Pāriet uz galdiņiem
console-reload = Pārlādējiet lapu, lai redzētu izmaiņas.
console-glance = Īsumā
console-alerts = Paziņojumi
console-boards = Galdiņi
console-plan = Galdiņu saskaņošana (noteikums D.2.9)
console-clocks = Pulksteņi
console-claims = Pretenzijas
console-moves = Partijas veidlapas
console-log = Notikumu žurnāls
console-actions = Tiesneša darbības
console-no-alerts = Paziņojumu nav.
console-no-claims = Neizlemtu pretenziju nav.
console-no-plan = Saskaņošana nav vajadzīga.
console-plan-open = Galdiņi atšķiras: saskaņošanas plāns ir zemāk.
console-state-waiting = Partija vēl nav sākusies.
console-state-running = Partija notiek.
console-state-paused = Tiesnesis ir apturējis pulksteņus.
console-state-adjourned = Partija ir atlikta.
console-state-finished = Partija beigusies: { $result }.
console-next-game = Apstiprināt rezultātu un sākt nākamo partiju
console-clock-side = { color }
console-clock-vi = { color } — vājredzīgais spēlētājs
console-clock-running = Iet
console-clock-stopped = Stāv
console-clock-paused = Apturēts
console-clock-moves = Gājieni: { $count }
console-claim = { color } piesaka pretenziju ({ $ground }): { $detail }
console-uphold = Atzīt pretenziju { $id }
console-reject = Noraidīt pretenziju { $id }
console-dismiss = Paziņojums { $id } izskatīts
console-carry-out = Izpildīt plānu
console-pause = Apturēt pulksteņus
console-resume = Palaist pulksteņus
console-side = Puse
console-white = Baltie
console-black = Melnie
console-set-clock = Iestatīt pulksteni
console-time-left = Atlikušais laiks (h:mm:ss)
console-set-clock-button = Iestatīt pulksteni
console-set-moves = Iestatīt gājienu skaitītāju
console-moves-made = Izdarītie gājieni
console-set-moves-button = Iestatīt skaitītāju
console-penalty = Sods (noteikumi 7.5.5, 12.9)
console-penalty-kind = Sods
console-penalty-warning = Brīdinājums
console-penalty-add = Pielikt laiku pretiniekam
console-penalty-reduce = Samazināt pārkāpēja laiku
console-penalty-lose = Partija zaudēta
console-seconds = Sekundes
console-penalty-button = Piemērot sodu
console-declare = Paziņot rezultātu
console-result = Rezultāts
console-reason = Iemesls
console-declare-button = Paziņot rezultātu
console-vi-board = Vājredzīgā spēlētāja galdiņš
console-sighted-board = Redzīgā spēlētāja galdiņš
console-board-as-text = { $board } tekstā
console-board-unreadable = Šo galdiņu nevar nolasīt.
console-boards-agree = Abi galdiņi sakrīt.
console-boards-differ = Galdiņi atšķiras { $count ->
    [one] vienā lauciņā
   *[other] { $count } lauciņos
 }.
console-square-differs = { $square }: vājredzīgā galdiņā { $vi }, redzīgā galdiņā { $sighted }.
console-square-empty = tukšs
console-scoresheets = Abas partijas veidlapas, pusgājiens pēc pusgājiena
console-ply = Pusgājiens
console-vi-player = Vājredzīgais spēlētājs
console-sighted-player = Redzīgais spēlētājs
console-same = Sakrīt
console-yes = jā
console-no = nē
console-no-moves = Gājienu vēl nav.

## Galdiņu saskaņošana (noteikums D.2.9)
plan-ply = { color }, { $number }. gājiens
plan-agreement = Abi galdiņi sakrīt ar partijas veidlapām.
plan-scoresheets-agree = Partijas veidlapas sakrīt līdz: { $at }. Viens galdiņš no tām atšķiras, un to izlabo.
plan-scoresheets-agree-start = Partijas veidlapas sakrīt (sākuma pozīcija). Viens galdiņš no tām atšķiras, un to izlabo.
plan-scoresheets-differ = Partijas veidlapas atšķiras no: { $at }. Partija atgriežas pozīcijā pēc: { $last }, kur tās pēdējo reizi sakrita.
plan-scoresheets-differ-start = Partijas veidlapas atšķiras no: { $at }. Partija atgriežas sākuma pozīcijā, kur tās pēdējo reizi sakrita.
plan-boards-agree = Abi galdiņi rāda vienas veidlapas partiju. Otru veidlapu izlabo (noteikums 8.1).
plan-continues = Partija turpinās pēc: { $at }.
plan-continues-start = Partija turpinās no sākuma pozīcijas.
plan-findings = Konstatējumi
plan-board-of = { $player ->
    [vi] Vājredzīgā spēlētāja galdiņš
   *[sighted] Redzīgā spēlētāja galdiņš
 }
plan-player = { $player ->
    [vi] vājredzīgā spēlētāja
   *[sighted] redzīgā spēlētāja
 }
plan-move-on-one-board = No { $at } { plan-player } galdiņā trūkst gājienu: { $moves }.
plan-wrong-move = Gājienā { $at } { plan-player } galdiņā izdarīts { $executed }, nevis { $recorded }.
plan-board-disturbed = Nepareizos lauciņos { plan-player } galdiņā stāv figūras: { $squares }.
plan-unrecorded = No { $at } { plan-player } veidlapā trūkst gājienu: { $moves }.
plan-not-played = No { $at } { plan-player } veidlapā ir gājieni, ko nerāda neviens galdiņš: { $moves }. Tos izsvītro.
plan-missing-move = Gājienā { $at } { plan-player } veidlapā trūkst gājiena { $moves }.
plan-swapped = { $player ->
    [none] Divi gājieni pierakstīti nepareizā secībā: { $moves }.
   *[other] Divi gājieni { plan-player } veidlapā pierakstīti nepareizā secībā: { $moves }.
 }
plan-illegal-entry = Gājienā { $at } { plan-player } veidlapā ir „{ $moves }“, tas nav likumīgs gājiens.
plan-different-move = Gājienā { $at } vājredzīgais spēlētājs pierakstīja { $vi }, redzīgais spēlētājs { $sighted }.
plan-step-remove = Noņemiet { $piece } no { $from }.
plan-step-move = Pārvietojiet { $piece } no { $from } uz { $to }.
plan-step-lift = Paceliet { $piece } no { $from } un paturiet rokā.
plan-step-place = Novietojiet { $piece } uz { $to }.
plan-step-add = Nolieciet { $piece } uz { $to }.
plan-clocks = Iestatiet pulksteņus: baltie { $white }, melnie { $black }. Gājienu skaitītāji: baltie { $white-moves }, melnie { $black-moves }.
plan-clocks-unknown = Šim gājienam laiks nav pierakstīts: pulksteņus iestata tiesnesis. Gājienu skaitītāji: baltie { $white-moves }, melnie { $black-moves }.

## Drukātā partijas veidlapa
sheet-title = Partijas veidlapa
sheet-doc-title = Partijas veidlapa: { $white } – { $black }
sheet-page = { $number }. lapa no { $pages }
sheet-event = Sacensības
sheet-site = Vieta
sheet-date = Datums
sheet-round = Kārta
sheet-board = Galdiņš
sheet-arbiter = Tiesnesis
sheet-time-control = Laika kontrole
sheet-white = Baltie
sheet-black = Melnie
sheet-vi = vājredzīgais
sheet-by-hand = Lūdzu, ierakstiet to ar roku (rakstība no labās uz kreiso).
sheet-title-label = Tituls
sheet-rating = Reitings
sheet-fide-id = FIDE ID
sheet-federation = Federācija
sheet-number = Nr.
sheet-time = Laiks
sheet-result = Rezultāts
sheet-illegal-none = Nelikumīgu gājienu nav.
sheet-illegal-added = ‡ { $move }: nelikumīgs gājiens ({ color }); pretiniekam pielikts { $time } (noteikums 7.5.5).
sheet-illegal-lost = ‡ { $move }: nelikumīgs gājiens ({ color }); partija beidzas (noteikums 7.5.5).
sheet-sign-white = Balto paraksts
sheet-sign-black = Melno paraksts
sheet-sign-arbiter = Tiesneša paraksts
sheet-footer = Uzrakstījis annabella pēc galdiņa žurnāla. (=) neizšķirta piedāvājums ar šo gājienu (noteikums 9.1.2.2). ‡ nelikumīgs gājiens šī gājiena vietā (noteikums 7.5).
sheet-clocks = Laiks partijas gaitā
sheet-clocks-note = Atlikušais laiks pēc katra gājiena (laiki ir arī gājienu kolonnās).
sheet-axis-move = Gājiens

## Konsoles pierakstīšanās un kļūdas lapas
console-sign-in = Tiesneša pierakstīšanās
console-sign-in-token = Konsoles atslēga (izdrukāta, kad konsole tika palaista)
console-sign-in-name = Jūsu vārds (tiek pierakstīts pie katras darbības)
console-sign-in-open = Atvērt tiesneša konsoli
console-error = Nav izpildīts
console-back = Atpakaļ
console-say-remote-token = Piekļuvei no cita datora vajag konsoles atslēgu.
console-say-needs-token = Tiesneša konsolei vajag konsoles atslēgu.
console-say-wrong-token = Šī atslēga nav pareiza.
serve-two-hosts = Pieprasījumam ir viena Host galvene.
serve-foreign-host = Šis serveris neatbild uz šo resursdatora nosaukumu.
serve-foreign-form = Veidlapai jānāk no šī servera paša lapas.
serve-guesses = Pārāk daudz nepareizu atslēgu no šī datora; mēģiniet vēlreiz pēc minūtes.
console-say-needs-name = Ievadiet savu vārdu: tas tiek pierakstīts pie katras darbības.
console-say-not-running = Galds nedarbojas: pieprasījums netika nogādāts.
console-say-action-token = Tiesneša darbībām vajag konsoles atslēgu.
console-say-action-name = Katrai darbībai vajag tiesneša vārdu (lauks „by“).
console-say-sent = Nosūtīts: { $action } ({ $by }).
console-say-refuse-missing = Lauks „{ $field }“ ir tukšs: aizpildiet to.
console-say-refuse-number = Laukā „{ $field }“ ir „{ $text }“: ievadiet veselu skaitli.
console-say-refuse-clock = Atlikušais laiks „{ $text }“ nav laiks: ievadiet to kā h:mm:ss, piemēram, 1:29:00.
console-say-refuse-over-a-day = Atlikušais laiks { $text } ir vairāk nekā 24 stundas: pulksteni iestata ne vairāk kā uz 24:00:00.
console-say-refuse-form = Veidlapa nav pilnīga vai ir novecojusi: pārlādējiet lapu un mēģiniet vēlreiz.
console-refused-no-claim = nav gaidošas pretenzijas { $claim }
console-refused-no-alert = nav paziņojuma { $alert }
console-refused-no-plan = plāna nav
console-refused-plan-changed = plāns ir mainījies, kopš tas tika parādīts
console-refused-unknown-board = { $board ->
    [vi] vājredzīgā spēlētāja galdiņš
   *[sighted] redzīgā spēlētāja galdiņš
} nav zināms
console-refused-plan-steps = plāna soļi neatbilst galdiņiem
console-refused-not-over = partija vēl nav beigusies; tās rezultāts tiek apstiprināts, kad tā beidzas

## Turnīra zāle: pārskats, viena galdiņa lapa un ekrāns
hall-title = Turnīra zāle
hall-title-arbiter = Turnīra zāle — galvenais tiesnesis
hall-title-screen = Turnīra zāle — ekrāns
hall-alerts = Paziņojumi
hall-tables = Galdiņi
hall-all-games = Visas partijas (PGN)
hall-calm = Nevienam galdiņam nav vajadzīgs tiesnesis.
hall-alert-count = { $count ->
    [one] { $count } paziņojumam vajadzīgs tiesnesis.
   *[other] Paziņojumi, kam vajadzīgs tiesnesis: { $count }.
}
hall-table = Galdiņš { $table }
hall-no-table = Neviens galdiņš vēl nav ziņojis.
hall-after-ply = (pēc pusgājiena { $number })
hall-record = ieraksts { $number }
hall-witness-replayed = agrāks skats atkārtots
hall-witness-contradicted = žurnāls ir pretrunā
hall-kind-called = izsaukts tiesnesis
hall-kind-paused = pulksteņi apturēti
hall-kind-peg-board = tapu galdiņš atšķiras
hall-kind-sighted-board = redzīgā spēlētāja galdiņš atšķiras
hall-kind-sighted-touch = pieskarta figūra (redzīgais spēlētājs)
hall-kind-vi-touch = pieskarta figūra (vājredzīgais spēlētājs)
hall-kind-press = pulkstenis nospiests bez gājiena
hall-kind-flag = karodziņš nokrita
hall-kind-claim = pretenzija
hall-kind-illegal = neatļauts gājiens
hall-kind-clock-device = pulkstenis
hall-kind-entry = ievade atšķiras no galdiņa
hall-state-waiting = Gaida galdiņa pirmo skatu.
hall-state-finished = Beigusies: { $result } ({ $termination }).
hall-state-adjourned = Atlikta.
hall-state-white = Gājiens baltajiem.
hall-state-black = Gājiens melnajiem.
hall-state-paused-white = Pulksteņi apturēti, gājiens baltajiem.
hall-state-paused-black = Pulksteņi apturēti, gājiens melnajiem.
hall-claim-waits = Gaida pretenzija.
hall-white = Baltie
hall-black = Melnie
hall-running = ▶ iet
hall-vi = VR
hall-vi-long = (vājredzīgs)
hall-last-move = Pēdējais gājiens: { $move }
hall-no-move = Vēl neviena gājiena.
hall-dropped = Noraidītie ziņojumi: { $text }.
hall-dropped-none = nav
hall-dropped-unsigned = { $count } neparakstīti
hall-dropped-forged = { $count } parakstīti ar citu atslēgu
hall-dropped-unknown = { $count } no galdiņa, kura atslēgas zālei nav
hall-dropped-big = { $count } pārāk lieli
hall-dropped-malformed = { $count } bojāti vai nepareizā tēmā
hall-dropped-illegal = { $count } ar neatļautu gājienu
hall-dropped-gap = { $count } pēc pārtraukuma (gaida nākamo skatu)
hall-dropped-absurd = { $count } ar neiespējamu ieraksta vai partijas numuru
hall-dropped-old = { $count } no agrākas partijas
hall-dropped-actions = { $count } viltotas tiesneša darbības
hall-dropped-contradicting = { $count } pretrunā ar apliecinātu žurnāla stāvokli
hall-dropped-replayed = { $count } atkārtoti no laika pirms zāles restartēšanas
hall-dropped-newer = { $count } jaunākā protokolā, nekā šī zāle lasa (atjauniniet zāli)
hall-dismiss = Nokārtot šo paziņojumu pie galdiņa { $table }
hall-pause = Apturēt pulksteņus pie galdiņa { $table }
hall-resume = Palaist pulksteņus pie galdiņa { $table }
hall-result = Rezultāts pie galdiņa { $table }
hall-declare = Paziņot rezultātu pie galdiņa { $table }
hall-next-game = Apstiprināt rezultātu pie galdiņa { $table } un sākt nākamo partiju
hall-back = Atpakaļ uz zāli
hall-no-alert = Pie šī galdiņa paziņojumu nav.
hall-dismissed = (nokārtots)
hall-moves = Gājieni
hall-clock-chart = Pulksteņi partijas gaitā
hall-clock-numbers = Tas pats tabulā

## Konsoles žurnāls, paziņojumi un pretenzijas
view-refused = { $text } Noraidīts: { $reason }.
view-input-refused = Ievade noraidīta: { $reason }.
view-said-vi = Teikts vājredzīgajam spēlētājam: “{ $text }”.
view-said-sighted = Teikts redzīgajam spēlētājam: “{ $text }”.
view-said-both = Teikts abiem spēlētājiem: “{ $text }”.
view-recorded = Gājiens { $move } pierakstīts (atlicis { $time }).
view-alert-log = Paziņojums: { $text }
view-alert = { $what }: { $detail }
view-game-over = Partija beigusies: { $result } ({ $termination }).
view-device = { $device }: { $report }.
view-device-down = Savienojums ar ierīci { $device }: { $report }.
view-device-name = { $device ->
    [clock] pulkstenis
    [peg_board] tapu galdiņš
    [dgt] DGT galdiņš
   *[other] { $name }
}
view-report-opened = atvērts { $path }
view-report-reopened = atkal atvērts { $path }
view-report-lost = pārtrūka: { $reason }
view-report-open-failed = neizdodas atvērt: { $reason }
view-pegs = Tapu galdiņš: tapa laukā { $squares }, kur netrūkst nevienas partijas figūras (parādīta kā bandinieks; galdiņš jūt tikai aizņemtību).
view-ground-threefold = trīskārtēja pozīcijas atkārtošanās (9.2)
view-ground-fifty = piecdesmit gājienu noteikums (9.3)
view-claim-intended = iecerētais gājiens { $move }; ierīce nevarēja apmierināt pretenziju
view-claim-not-upheld = ierīce nevarēja apmierināt pretenziju
view-by-arbiter = { $user }: { $text }.
view-keyboard = Tiesnesis pie tastatūras: { $text }.
view-started = Partija ir sākta.
view-heard = Vājredzīgais spēlētājs teica: “{ $text }”.
view-assistant = Asistents ievadīja redzīgā spēlētāja gājienu { $move }.
view-sighted = Redzīgais spēlētājs: { $what }.
view-alert-called = Izsaukts tiesnesis
view-alert-paused = Spēlētājs apturēja pulksteņus
view-alert-peg-board = Galdiņi atšķiras (tapu galdiņš)
view-alert-sighted-board = Galdiņi atšķiras (redzīgā spēlētāja galdiņš)
view-alert-sighted-touch = Pieskarta figūra (redzīgais spēlētājs)
view-alert-vi-touch = Pieskarta figūra (vājredzīgais spēlētājs)
view-alert-press = Pulkstenis nospiests bez gājiena
view-alert-flag = Nokrita karodziņš
view-alert-clock-device = Pulkstenis (atvienots, atkal pieslēgts vai vāja baterija)
view-alert-claim = Jāizlemj pretenzija
view-alert-illegal = Neatļauts gājiens redzīgā spēlētāja galdiņā
view-alert-entry = Asistenta ievade atšķiras no galdiņa
view-cause-clock-lost = pulkstenis nav pievienots vai ir izslēgts; galdiņš pats skaita laiku un pārslēdz pulksteņus
view-cause-clock-back = pulkstenis atkal ir pievienots; tā sviras spiedieni atkal tiek skaitīti
view-cause-clock-refuses = pulkstenis nepieņem galdiņa laikus; iestatiet to ar roku (galdiņš skaita laiku)
view-cause-clock-battery = pulkstenis ziņo par vāju bateriju
view-cause-start-waits = partija gaida sākuma pozīciju redzīgā spēlētāja galdiņā; tiesneša starts to tomēr sāk
view-cause-sighted-board = redzīgā spēlētāja galdiņš atšķiras no partijas
view-cause-sighted-press = redzīgais spēlētājs nospieda pulksteni, bet galdiņā gājiens nav redzēts
view-cause-paused-vi = vājredzīgais spēlētājs apturēja pulksteņus
view-cause-paused-sighted = redzīgais spēlētājs ({ $side }) apturēja pulksteņus
view-cause-paused-button = spēlētājs pie galdiņa apturēja pulksteņus ar pulksteņa pogu
view-cause-flag = nokrita karodziņš: { $side } (vājredzīgā spēlētāja); pretinieks vai tiesnesis var pieteikt pretenziju

## play: partija pēc partijas (tiesneša terminālis)
play-offer-next = Partija { $dir } ir beigusies ({ $result }). Vai sākt nākamo partiju { $next }? [jā]:
play-next-begins = Partija { $dir } ir beigusies ({ $result }): nākamā partija sākas { $next }.
play-new-game = Jauna partija, kā lūgts: partija { $dir } paliek, kāda ir; nākamā sākas { $next }.
play-game-over = Partija { $number } ir beigusies: { $result }. Seko nākamā partija.
play-game-records = Partija { $number }: { $line }
play-not-over = Partija vēl nav beigusies: tās rezultātu var apstiprināt tikai pēc tam.
play-confirmed = { $by }: rezultāts apstiprināts; seko nākamā partija.
play-round = { $round }. kārta: { $white } – { $black } (Round "{ $pgn }").
play-waiting = Gaida { $round }. kārtas pārus: { $why }.
play-forfeit = { $round }. kārtas { $board }. galdiņš ({ $white } – { $black }) izšķirts bez spēles: te nav ko spēlēt.
play-no-pairing = TRF failā { $round }. kārtā vēl nav { $board }. galdiņa.
play-vi-bye = { $round }. kārta: { $name } nespēlē (brīvā kārta); galds gaida nākamo kārtu.
play-vi-not-paired = TRF failā { $round }. kārtā vēl nav nosaukts vājredzīgais spēlētājs (starta numurs { $rank }).
play-no-trf = Galda failā nav nosaukts TRF fails vai galdiņš.
play-journal = Partijas žurnāls ir { $path }.
play-written = Fails { $path } ir ierakstīts.
play-braille-not-written = Braila partijas veidlapa nav ierakstīta: { $why }.
play-printed-not-written = Drukātā partijas veidlapa nav ierakstīta: { $why }.
play-result = Partija beigusies: { $result } ({ $termination }).
play-script-ended = Scenārijs beidzās pirms partijas; žurnāls to saglabā.

## demo: what the operator's terminal is told
demo-earlier-records = Mapē { $dir } ir iepriekšējās partijas ieraksti; tie tiek saglabāti, un šī partija tiek ierakstīta mapē { $next }.
demo-starts = Demonstrācija spēlē pēc scenārija { $script }; tās ieraksti tiek rakstīti mapē { $dir }.
demo-hall-drained = Zāles brokerim ir žurnāla ieraksti no 1 līdz { $last }.
demo-hall-behind = Zāles brokerim ir tikai ieraksti no 1 līdz { $acked } no { $last }; pārējie gaida žurnālā { $journal }, un “annabella hall publish --once --journal { $journal } …” tos nosūta.
demo-hall-failed = Ne visi ieraksti sasniedza zāli: { $error }.

## devices: what `annabella devices` finds
devices-no-ports = Netika atrasts neviens seriālais ports.
devices-no-audio = Netika atrasta neviena audio ievades ierīce.

## devices watch: what a device reports
watch-opened = { $reconnect ->
    [yes] Atkal savienots
   *[no] Savienots
} ar { $path }; viss stāvoklis tiek nolasīts no jauna.
watch-lost = Savienojums pārtrūka ({ $why }); pāri pārrāvumam gājiens netiek secināts.
watch-open-failed = Portu nevar atvērt ({ $why }); mēģina vēlreiz.
watch-hello = Ierīce piesakās: { $version }.
watch-move = Uz galdiņa izdarīts gājiens { $move }.
watch-promotion = Pārvēršanās no { $from } uz { $to } gaida paziņoto figūru.
watch-ambiguous = Der vairāki likumīgi gājieni: { $moves }.
watch-in-sync = Galdiņš atbilst partijai.
watch-mismatch = Galdiņš atšķiras no partijas: { $what }.
watch-touched = Figūra { $piece } lauciņā { $square } ir pacelta (ierīces laiks { $at } ms).
watch-lift = Tapa pacelta no { $square } (ierīces laiks { $at } ms).
watch-place = Tapa ielikta { $square } (ierīces laiks { $at } ms).
watch-lever = { $color ->
    [white] Baltie
   *[black] Melnie
} nospieda pulksteņa sviru (ierīces laiks { $at } ms).
watch-button = Poga “{ $button ->
    [time-query] laiks
    [pause] pauze
   *[push-to-talk] runāt
}” ir { $pressed ->
    [yes] nospiesta
   *[no] atlaista
} (ierīces laiks { $at } ms).
watch-clock-status = DGT 3000 ir { $connected ->
    [yes] pievienots
   *[no] nav pievienots
} un { $running ->
    [yes] iet
   *[no] stāv
}; tā baterija ir { $battery ->
    [yes] vāja
   *[no] kārtībā
}.
watch-clock-gone = DGT 3000 klusē jau { $ms } ms, lai gan tika jautāts.
watch-clock-times = Pulkstenis rāda: baltie { $white }, melnie { $black }; { $running ->
    [white] iet balto pulkstenis.
    [black] iet melno pulkstenis.
   *[none] neiet neviens pulkstenis.
}
watch-clock-button = Nospiesta DGT 3000 poga { $code }.
watch-clock-ack = DGT 3000 apstiprināja komandu.
watch-clock-failed = DGT 3000 tā arī neapstiprināja komandu.
watch-error = Pārraides kļūda, savienojums turpinās: { $why }.

## journal replay and export: what the reader of a journal is told
journal-accepted-unkeyed = Brīdinājums: žurnālā { $path } nav MAC kodu, lai gan šim galdiņam ir slepenā atslēga; tas tiek lasīts neautentificēts tikai tāpēc, ka jūs to lūdzāt ar { $accept }: kas varēja rakstīt failā, varēja pārrakstīt tā partiju, un šeit to nekas nevar noteikt.
journal-dropped = Žurnāla { $path } pēdējais ieraksts ({ $seq }, { $at } ms) bija pārrauts vai bojāts un ir nolikts malā ({ $damage }); partija turpinās no ieraksta { $next }.
journal-damaged = Žurnāla { $path } ieraksts { $seq } ir bojāts ({ $damage }); ieraksti no 1 līdz { $last } ir atskaņoti, { $count ->
    [one] ieraksts no turienes — nav.
   *[other] { $count } ieraksti no turienes — nav.
}
journal-file-damage = Žurnāls { $path } ir bojāts ārpus saviem ierakstiem: { $why }.
journal-other-secret = Žurnāls { $path } ir rakstīts ar citu galdiņa slepeno atslēgu (ID { $journal }), nevis norādīto (ID { $given }): tā MAC kodus nevar pārbaudīt.
journal-unkeyed-refused = Iespējama viltošana: žurnālā { $path } nav MAC kodu, bet šim galdiņam ir slepenā atslēga (katram pie šāda galdiņa izveidotam žurnālam tie ir, arī demonstrācijām), tāpēc tā MAC kodi var būt noņemti un partija pārrakstīta.
journal-unkeyed-hint = Ja zināt, ka žurnāls { $path } ir īsts, { $accept } to nolasa kā neautentificētu.
journal-old-format = Žurnāls { $path } nav autentificēts: tas rakstīts, pirms žurnāliem bija atslēgas (2. formāts); tiek atklāti tikai nejauši bojājumi.
journal-unkeyed = Žurnāls { $path } nav autentificēts: tas izveidots bez galdiņa slepenās atslēgas; tiek atklāti tikai nejauši bojājumi.
journal-unkeyed-by-design = Žurnāls { $path } nav autentificēts: tas apzināti izveidots bez galdiņa slepenās atslēgas (demonstrācijas vai testa partija); tiek atklāti tikai nejauši bojājumi.
journal-no-secret = Žurnāls { $path } nav autentificēts: tam ir MAC kodi, bet tas nolasīts bez galdiņa slepenās atslēgas (norādiet to ar { $secret }); pārbaudīti tikai nejauši bojājumi.
journal-authenticated = Žurnāls { $path } ir autentificēts ar galdiņa slepeno atslēgu.
journal-refused = Galdiņš noraidīja ierakstu { $seq }: { $why }.
journal-edited-after-game = Žurnāla { $path } ieraksti vairs neatskaņo pabeigto partiju, kas saglabāta tās beigās (ieraksts { $seq }): žurnāls rediģēts pēc partijas; PGN ir saglabātais.
journal-stored-pgn = Žurnāla { $path } PGN ir pabeigtā partija, kas saglabāta tās beigās (ieraksts { $seq }).
journal-damage-hash = tā jaukšanas vērtība neatbilst ierakstam
journal-damage-forged = viltošana: tā jaukšanas vērtība ir pareiza, bet MAC kods nav, tātad tas pārrakstīts bez galdiņa slepenās atslēgas
journal-damage-decode = ievadi nevar atkodēt (rakstījusi cita versija?): { $error }
journal-damage-column = kolonnā { $field } ir { $found }
journal-damage-gap = trūkst ieraksta { $expected } (nākamais atrasts { $found })
journal-damage-time = laiks { $at } ms ir pirms iepriekšējā ieraksta { $previous } ms
journal-damage-missing = tā nav: žurnāla galva saka, ka tajā ir { $head } ieraksti
journal-damage-head = žurnāla galva neatbilst tā pēdējam ierakstam ({ $error })
journal-damage-finished = tā nav: saglabātā pabeigtā partija beidzas ar ierakstu { $last }
journal-damage-unreadable = tā lapu nevar nolasīt: { $error }

## journal replay: the rebuilt table
replay-records = No žurnāla atskaņoto ierakstu skaits: { $count }.
replay-position = Pozīcija FEN: { $fen }.
replay-moves = Gājieni: { $moves }.
replay-no-moves = Vēl nav izdarīts neviens gājiens.
replay-clocks = Pulksteņi: baltie { $white }, melnie { $black }; { $running ->
    [white] iet balto pulkstenis.
    [black] iet melno pulkstenis.
   *[none] neiet neviens pulkstenis.
}
replay-announced = Paziņots, bet vēl nav pabeigts: { $said } ({ $made ->
    [yes] izdarīts uz galdiņa
   *[no] vēl nav izdarīts
}).
replay-draw-offer = { $color ->
    [white] Baltie
   *[black] Melnie
} piedāvāja neizšķirtu.
replay-arbiter = Ieraksts { $seq }, galdiņa laiks { $at }, tiesnesis { $by }: { $what }.

## unwinnable: can a side still checkmate (Laws 5.2.2, 6.9)
unwinnable-unreachable = Piezīme: šāda pozīcija nevar rasties nevienā partijā ({ $why ->
    [impossible-check] šahs, ko nevarēja pieteikt neviens pēdējais gājiens
   *[too-much-material] vairāk figūru, nekā varētu dot pārvēršanās
}).
unwinnable-no = { $color ->
    [white] Baltie
   *[black] Melnie
} nevar pieteikt matu ne ar kādu likumīgu gājienu virkni.
unwinnable-yes = { $color ->
    [white] Baltie
   *[black] Melnie
} var pieteikt matu, piemēram: { $moves }.
unwinnable-undetermined = Nav noteikts: meklēšana tika pārtraukta.

## pairings: a round's pairings and results for the arbiter
pairings-board = Galdiņš { $board }: { $white } pret { $black }.
pairings-forfeit = Galdiņš { $board }, { $winner ->
    [white] baltie uzvar bez spēles (1-0)
    [black] melnie uzvar bez spēles (0-1)
   *[none] abi puses zaudē bez spēles
}: { $white } pret { $black }.
pairings-bye = { $kind ->
    [half-point] Brīva kārta ar pus punktu
    [full-point] Brīva kārta ar pilnu punktu
    [pairing-allocated] Brīva kārta pēc pārošanas
    [forfeit-win] Uzvara bez spēles
    [zero-point] Brīva kārta bez punkta
   *[not-paired] Nav sapārots
}: { $player }.
pairings-written = Kārta { $round }: { $written } no { $boards } galdiņu rezultātiem ierakstīti failā { $out } ({ $won } no tiem bez spēles; { $forfeits } partijas bez spēles un { $byes } brīvās kārtas no pārošanas saglabātas un ieskaitītas).
pairings-unfinished = Nav ierakstīts: galdiņš { $board }, partija nav pabeigta.
pairings-in-file-same = Nav ierakstīts: galdiņš { $board }, failā jau ir { $has }.
pairings-in-file = Nav ierakstīts: galdiņš { $board }, failā ir { $has }, partija saka { $given }; paliek faila rezultāts.
pairings-no-game = Nav ierakstīts: galdiņš { $board }, šī galdiņa partijas nav.
pairings-other-round = Nav ierakstīts: partija { $white } – { $black }{ $tag } (rinda { $line }) ir no { $played }. kārtas, nevis no { $round }. kārtas.
pairings-forfeit-result = { $result } bez spēles

## clock: a presses file through a time control
clock-control = Laika kontrole { $control } ({ $rate ->
    [blitz] zibensšahs
    [rapid] ātrais šahs
   *[standard] klasiskais šahs
}); balto pulkstenis sāk no 0.
clock-flag = Rinda { $line }: { $color ->
    [white] balto
   *[black] melno
} laiks beidzās { $at }.
clock-step = Rinda { $line }, { $at }: { $what }; baltajiem ir { $white }, melnajiem { $black }.
clock-what-start = { $color ->
    [white] Baltie
   *[black] Melnie
} sāk
clock-what-move = { $color ->
    [white] Baltie
   *[black] Melnie
} pabeidz gājienu { $number }
clock-what-press = { $color ->
    [white] Baltie
   *[black] Melnie
} nospiež
clock-what-pause = Pauze
clock-what-resume = Pulksteņi atkal iet
clock-what-add = { $color ->
    [white] Baltajiem
   *[black] Melnajiem
} pievienots { $time }
clock-what-show = Parādīts

## Galdiņa stāsts (ko play un demonstrācija rāda)
story-hears = { $who ->
    [vi] Vājredzīgais spēlētājs
   *[sighted] Redzīgais spēlētājs
} dzird: “{ $text }”.
story-cut = ({ $how ->
    [superseded] aizstāts ar jaunāku paziņojumu
    [stopped] pārtraukts ar “stop”
    [skipped] izlaists
    [interrupted] pārtraukts ar steidzamāku paziņojumu, pēc tam atkārtots
    [expired] atmests, jo to nevarēja pateikt laikā
   *[failed] balss to nevarēja pateikt
})
story-button = Vājredzīgais spēlētājs nospiež pulksteņa { $button ->
    [time-query] laika pogu
    [pause] pauzes pogu
    [push-to-talk] runāšanas pogu
    [whose-turn] pogu “Kam gājiens?”
    [repeat-last-move] pogu “Atkārtot pēdējo gājienu”
   *[call-arbiter] pogu “Izsaukt tiesnesi”
}.
story-sealed = Gājiens ir aizzīmogots: partija ir atlikta.

# The hall's refusals and notices (web.rs) and its Lichess line.
hall-refused-title = Kļūda { $status }
hall-error-token = Šī piekļuves atslēga nav zāles.
hall-error-name = Ievadiet savu vārdu (by=…): To ieraksta ar katru darbību.
hall-error-state = Zāles stāvokli nevar nolasīt.
hall-error-arbiter = Galvenā tiesneša zālei vajag zāles piekļuves atslēgu.
hall-error-no-table = Zālē nav galdiņa “{ $table }”.
hall-error-action = Tiesneša darbībām vajag zāles piekļuves atslēgu.
hall-error-field-table = Veidlapā trūkst lauka “table” (galdiņš).
hall-error-field-result = Lauks “result”: Gaidīts 1-0, 0-1 vai 1/2-1/2, saņemts “{ $got }”.
hall-error-field-result-missing = Veidlapā trūkst lauka “result” (1-0, 0-1 vai 1/2-1/2).
hall-error-field-seq = Lauks “seq”: Gaidīts paziņojuma ieraksta numurs.
hall-error-field-action = Lauks “action”: Gaidīts pause, resume, declare-result, dismiss-alert vai next-game, saņemts “{ $got }”.
hall-error-field-action-missing = Veidlapā trūkst lauka “action” (pause, resume, declare-result, dismiss-alert vai next-game).
hall-error-busy = Pārāk daudz skatītāju seko zālei tiešraidē; ielādējiet lapu vēlāk.
hall-error-no-file = Šādas kārtas datnes nav.
hall-sent = Nosūtīts pie galdiņa { $table }: { $what }.
hall-not-sent-key = Nav nosūtīts pie galdiņa { $table }: Zālei nav šī galdiņa darbību atslēgas.
hall-not-sent-name = Nav nosūtīts pie galdiņa { $table }: Brokeris nevar pārsūtīt šādi uzrakstītu galdiņa nosaukumu.
hall-not-sent-encode = Nav nosūtīts pie galdiņa { $table }: Darbību neizdevās pierakstīt nosūtīšanai.
hall-not-sent-broker = Nav nosūtīts pie galdiņa { $table }: Savienojums ar brokeri pašlaik nepieņem ziņojumus; pēc brīža mēģiniet vēlreiz.
hall-what-pause = apturēt pulksteņus
hall-what-resume = palaist pulksteņus
hall-what-next-game = apstiprināt rezultātu un sākt nākamo partiju
hall-what-result = paziņot rezultātu { $result }
hall-what-dismiss = nokārtot ierakstu { $seq }
hall-push-games = pārraidītas partijas: { $count }
hall-push-failed = pārraide neizdevās: { $problem }
hall-push-why-unreachable = serveris { $url } nav sasniedzams
hall-push-why-too-long = tā atbilde bija garāka par { $kib } KiB un netika nolasīta
hall-push-why-broke = tā atbilde pārtrūka
hall-push-why-not-lichess = atbilde nav no Lichess
hall-push-why-redirect = noraidīts ({ $code }): serveris pārraidi sūta citur ({ $to }); pārraide nekad netiek pārsūtīta uz citu adresi
hall-push-why-slow-down = Lichess lūdz sūtīt lēnāk (429)
hall-push-why-server = Lichess traucējums ({ $code }): { $said }
hall-push-why-refused = noraidīts ({ $code }): { $said }
hall-push-why-token = noraidīts ({ $code }): { $said } (vai API atslēga ir derīga, ar study:write, un vai pārraide ir jūsu?)
hall-push-why-round = noraidīts ({ $code }): { $said } (vai kārtas ID ir pareizs?)
hall-push-again = vēlreiz pēc { $seconds } s
hall-push-stopped = netiks sūtīts, līdz kārta mainīsies
hall-push-refused = nav pieņemts: galdiņš { $board } ({ $white } – { $black }): { $error }
hall-push-more = vēl nepieņemtas partijas: { $count }
hall-push-line = Lichess pārraide, kārta { $round }: { $text }.

# The board's and the clock chart's texts for screen readers (annabella-board).
board-same = Neatšķiras no otra galdiņa.
board-differs = Atšķiras no otra galdiņa laukos { $squares }.
board-no-pieces = figūru nav
board-chart-title = Katras puses atlikušais laiks, gājienu pa gājienam
board-chart-after = Pēc pusgājiena { $number }: baltie { $white }, melnie { $black }. Tabulā zemāk ir katra vērtība.
board-chart-none = Vēl nav neviena gājiena.
board-chart-caption = Atlikušais laiks pēc katra gājiena
board-chart-move = Gājiens
board-chart-white = Baltie
board-chart-black = Melnie

# What an arbiter did, as the console's and the hall's log show it (annabella-view).
view-act-white = baltajiem
view-act-black = melnajiem
view-act-pause = pulksteņi apturēti
view-act-resume = pulksteņi palaisti
view-act-set-clock = pulkstenis { $side } iestatīts uz { $time }
view-act-set-moves = gājienu skaitītājs { $side } iestatīts uz { $moves }
view-act-warn = brīdinājums { $side }
view-act-add-opponent = sods { $side }: { $other } pieskaitītas { $seconds } s
view-act-reduce = sods { $side }: atņemtas { $seconds } s
view-act-lose = partija pasludināta par zaudētu { $side }
view-act-uphold = pretenzija { $claim } apmierināta
view-act-reject = pretenzija { $claim } noraidīta
view-act-result = paziņots rezultāts { $result } ({ $reason })
view-act-plan = izpildīts saskaņošanas plāns
view-act-dismiss = paziņojums { $alert } nokārtots
view-act-next-game = rezultāts apstiprināts, sākas nākamā partija

# Who called the arbiter, on the hall's and the projector's alerts.
hall-called-vi = Vājredzīgais spēlētājs ({ $side }) sauc tiesnesi; pulksteņi ir apturēti.
hall-called-sighted = Redzīgais spēlētājs ({ $side }) sauc tiesnesi; pulksteņi ir apturēti.
hall-called-sighted-running = Redzīgais spēlētājs ({ $side }) sauc tiesnesi.
hall-called-button = Kāds pie galdiņa sauc tiesnesi (ar pulksteņa pogu); pulksteņi ir apturēti.

## init: galda iestatīšanas vednis (ko uzzina un ko jautā organizatoram vai tiesnesim)
init-ports-none = Netika atrasts neviens seriālais ports: pievienojiet dēļus un pulksteni ar USB.
init-port-dgt = Portā { $path } atbild DGT dēlis (programmaparatūra { $version }){ $clock ->
    [yes] , pie tā kabeļa ir DGT 3000 pulkstenis
   *[no] {""}
}.
init-port-peg = Portā { $path } atbild taustāmais tapu dēlis (programmaparatūra { $version }).
init-port-clock = Portā { $path } atbild taustāmais pulkstenis (programmaparatūra { $version }).
init-port-second = Tā ir otrā šāda veida ierīce, un tā netiek izmantota.
init-port-problem = Tas, ko tā ziņo, nav šaha pozīcija: { $problem }.
init-port-silent = Portā { $path } neatbild nekas zināms: { $ms } ms laikā netiek atbildēts ne uz tapu dēļa vai pulksteņa HELLO, ne uz DGT dēļa versijas pieprasījumu.
init-port-unopened = Portu { $path } nevar izmantot: { $why }.
init-not-found = { $device ->
    [peg-board] Tapu dēlis netika atrasts
    [dgt] DGT dēlis netika atrasts
   *[clock] Taustāmais pulkstenis netika atrasts
}: tiek ierakstīts "none".
init-mics-none = Mikrofons netika atrasts: pievienojiet austiņas ar mikrofonu.
init-mic = Mikrofons { $id }: { $name }{ $default ->
    [yes] {" "}(noklusējuma ievade)
   *[no] {""}
}.
init-voices = Espeak-ng balsis valodai { $language }: { $voices }.
init-voices-none = Espeak-ng nav balss valodai { $language }.
init-ask-vi = Ar kuras krāsas figūrām spēlē vājredzīgais spēlētājs (white – baltajām, black – melnajām)?
init-ask-white = Kā sauc spēlētāju ar baltajām?
init-ask-black = Kā sauc spēlētāju ar melnajām?
init-ask-time-control = Kāda ir laika kontrole PGN formā (5400+30 ir 90 minūtes un 30 sekundes par gājienu)?
init-ask-vi-language = Kādu valodu dzird vājredzīgais spēlētājs (de, en, lt, lv, hu)?
init-ask-sighted-language = Kādā valodā lasa redzīgais spēlētājs?
init-ask-records = Kurā direktorijā raksta partiju ierakstus?
init-ask-model = Kura Vosk modeļa direktorija dzird spēlētāju (none: vārdus ieraksta ar tastatūru)?
init-ask-event = Kāds ir pasākums, turnīra nosaukums (tukšs: nav)?
init-ask-site = Kur spēlē, kurā pilsētā (tukšs: nav)?
init-ask-round = Kura kārta tā ir (tukšs: nav)?
init-ask-board = Pie kura dēļa spēlē galds (tukšs: nav)?
init-ask-arbiter = Kā sauc tiesnesi (tukšs: nav)?
init-problem-kings = { $color ->
    [white] balto
   *[black] melno
} karaļu skaits uz galdiņa: { $count }
init-problem-pieces = { $color ->
    [white] balto
   *[black] melno
} figūru skaits uz galdiņa: { $count }
init-problem-pawn = bandinieks pirmajā vai pēdējā horizontālē
init-problem-pegs = caurumu ar tapu skaits: { $count }, bet partijā ir ne vairāk kā 32 figūras
init-prompt = { $question } [{ $default }]:
init-again = Nav saprasts: { $why }. Lūdzu, atbildiet vēlreiz.
init-why-color = white vai black
init-why-language = viena no de, en, lt, lv, hu
init-why-board = dēļa numurs no 1
init-why-time-control = tā nav laika kontrole PGN formā ({ $why })
init-why-model = tas nav Vosk modelis ({ $why })
init-hall-no-password = Zāles brokera paroles fails nav norādīts: bloks [hall] tiek ierakstīts kā komentārs; ierakstiet galda paroli pie brokera un noņemiet # zīmes.
init-hall-for = Zāles administrators galdam { $table } izdara trīs lietas.
init-hall-user = 1. Izveidojiet galda lietotāju pie brokera; tas prasīs paroli – to, kas ir galda blokā [hall].
init-hall-acl = 2. Pievienojiet šīs rindas failam /etc/mosquitto/annabella/acl, tad palaidiet "systemctl reload mosquitto".
init-hall-tables = 3. Pievienojiet šo ierakstu zāles galdu failam (annabella hall --tables FAILS).
init-secret = { $made ->
    [yes] Galda noslēpums ir izveidots
   *[no] Galda noslēpums ir saglabāts
}: { $path } (privāts, režīms 0600). Ar to tiek apliecināti galda žurnāli: glabājiet to un nekad nekopējiet uz citu galdu.
init-signing-key = { $made ->
    [yes] Galda paraksta atslēga ir izveidota
   *[no] Galda paraksta atslēga ir saglabāta
}: { $path } (privāta, režīms 0600) un { $public } (publiska, zālei).
init-note-no-peg-board = Tapu dēļa nav: vājredzīgais spēlētājs izmanto parastu taustāmo komplektu; gājiens ir izdarīts, kad viņš to apstiprina (ar pulksteņa nospiešanu, vārdu "gesetzt" vai "done" vai asistenta taustiņu), un pieskārienus nevar redzēt.
init-note-dgt-clock = Taustāmā pulksteņa nav: DGT 3000 pie DGT dēļa ir galda pulkstenis (spiež tā sviru, ar tā pogām jautā laiku, kuram jāiet, pēdējo gājienu un tiesnesi).
init-note-no-clock = Pulkstenis netika atrasts: galds pats skaita laiku, un abas nospiešanas ir "automatic" (vājredzīgā spēlētāja vārds vai asistenta taustiņš, redzīgā spēlētāja gājiens uz DGT dēļa); laiki ir redzami konsolē un zālē.
init-written = Fails { $path } ir ierakstīts.
init-handed = Dienesta lietotājam { $user } nodots: { $paths }.
init-lichess-kept = Lichess pilnvara failā { $path } ir saglabāta.
init-lichess-paste = Ielīmējiet savu Lichess pilnvaru (lichess.org/account/oauth/token, tiesības board:play) un nospiediet Enter.
init-lichess-written = Lichess pilnvara ir ierakstīta failā { $path } (privāts, režīms 0600; to lasa tikai no turienes).
init-next = Tālāk pārbaudiet galdu ar: annabella doctor --config { $path }.
init-error-exists = Fails { $path } jau pastāv un netiek aizstāts.
init-error-read = Failu { $path } nevar nolasīt: { $why }.
init-error-trf = Failu { $path } nevar nolasīt kā TRF failu: { $why }.
init-error-forfeit = TRF failā { $path } { $round }. kārtas { $board }. dēlis ({ $white } – { $black }) ir izšķirts bez cīņas ({ $winner ->
    [white] 1-0
    [black] 0-1
   *[none] abi spēlētāji neieradās
}): tur partiju nespēlē.
init-error-no-such-board = TRF faila { $path } { $round }. kārtā nav { $board }. dēļa: tās dēļi ir no 1 līdz { $boards }.
init-error-refused = { $question } Atbilde „{ $given }“ nav saprasta: { $why }.
init-error-input-ended = Standarta ievade beidzās pirms atbildes uz jautājumu: { $question }
init-error-cannot-play = Ar failu, ko init ierakstītu, galds nevar spēlēt: { $why }.
init-error-write = Failu { $path } nevar ierakstīt: { $why }.
init-error-keys = Galda paraksta atslēgu nevar izveidot vai nolasīt: { $why }.
init-error-no-board-anywhere = Dēlis netika atrasts: nevienā seriālajā portā neatbildēja ne DGT dēlis, ne taustāmais tapu dēlis. Pievienojiet dēļus, ieslēdziet tos un palaidiet init vēlreiz.
init-error-no-board = Dēlis netika atrasts: portā { $ports } neatbildēja ne DGT dēlis, ne taustāmais tapu dēlis. Pievienojiet dēļus, ieslēdziet tos un palaidiet init vēlreiz.
init-error-token = Lichess pilnvara nav derīga: { $why }.
init-error-lichess = Lichess iestatījums nav derīgs: { $why }.
init-error-no-token = Lichess pilnvara netika dota: tā ir viena standarta ievades rinda.
init-error-secret = Galda noslēpumu nevar izveidot vai nolasīt: { $why }.
init-error-io = Rakstīšana terminālī neizdevās: { $why }.
init-hint-force = Ar --force tas tiek aizstāts; ar --out tiek ierakstīts cits fails.
init-hint-non-interactive = Ar --non-interactive nekas netiek jautāts: atbildes dod opcijas un noklusējuma vērtības.
init-hint-no-devices = Ar --no-devices tiek ierakstīts galds bez ierīcēm (tikai ierakstīti gājieni).

# Galdiņa teikumi latviski (termini kā FIDE Šaha Noteikumos latviešu valodā). Gājieni un
# lauki nāk FIDE shēmā (Anna … Hektors, vācu cipari un figūru nosaukumi); $color ir
# "white" vai "black", $role "king" … "pawn", $name figūras nosaukums.

color = { $color ->
    [white] Baltie
   *[black] Melnie
 }
piece = { $color ->
    [white] { $role ->
        [queen] baltā
       *[other] baltais
     }
   *[black] { $role ->
        [queen] melnā
       *[other] melnais
     }
 } { $name }
piece-accusative = { $color ->
    [white] balto
   *[black] melno
 } { $name }
list-and = { $head } un { $last }

# Partijas gaita
game-starts = Partija sākas. Gājiens { $color ->
    [white] baltajiem
   *[black] melnajiem
 }.
move-by = { color }: { $move }
take-off-captured-pawn = Noņemiet sisto { $pawn } no { $square }.
not-started = Partija vēl nav sākusies.
game-is-over = Partija ir beigusies.
not-your-turn = Tagad nav jūsu gājiens.
clocks-stopped = Pulksteņi ir apturēti.
clocks-run-again = Pulksteņi atkal iet.
say-move-again = Lūdzu, paziņojiet savu gājienu.
already-made = Gājiens jau ir izdarīts.
released-touched = Gājiens jau ir izdarīts, figūra bija atlaista.
nothing-to-correct = Neviens gājiens nav paziņots.
not-announced = Gājiens nav paziņots.
placed-not-announced = Novietots, bet nav paziņots: { $move }?
placed-other = Paziņots: { $said }. Novietots: { $placed }.
capture-not-removed = Sistā figūra { piece } uz { $square } vēl nav noņemta.
not-placed = Figūra { $name } vēl nav novietota uz { $square }.
touch-move = Aizskarta figūra: { $name } uz { $square }. Ar šo figūru jāizdara gājiens.
touch-capture = Aizskarta pretinieka figūra: { $name } uz { $square }. Tā ir jāsit.

# Galdiņa labošana
fix-remove = Noņemiet figūru no { $square }.
fix-remove-piece = Noņemiet { $piece } no { $square }.
fix-place = Novietojiet { $piece } uz { $square }.
fix-move = Pārvietojiet { $piece } no { $from } uz { $to }.
fix-replace = Uz { $square } nomainiet { $found } pret { $piece }.
fixes-more = Un vēl { $count } { $count ->
    [one] atšķirība
   *[other] atšķirības
 }.
board-right = Pozīcija uz galdiņa ir pareiza.
sighted-board-wrong = Pozīcija uz jūsu galdiņa nav pareiza.
opponent-board-fixing = Pozīciju uz pretinieka galdiņa labo.
opponent-board-right = Pozīcija uz pretinieka galdiņa atkal ir pareiza.

# Jautājumi
time = Baltajiem { $white }, melnajiem { $black }.
moves-played = Izspēlēts: baltie { $white }, melnie { $black }.
moves-to-control = { $played } Līdz laika kontrolei vēl { $left }.
whose-turn-you = Gājiens { $color ->
    [white] baltajiem
   *[black] melnajiem
 }: jums.
whose-turn-opponent = Gājiens { $color ->
    [white] baltajiem
   *[black] melnajiem
 }: pretiniekam.
opponent-name = Jūsu pretinieks ir { $name }.
opponent-name-unknown = Pretinieka vārds nav zināms.
opponent-touched = Jūsu pretinieks bija aizskāris { $piece } uz { $square }.
no-capture-yet = Vēl nekas nav sists.
no-moves-yet = Vēl nav izdarīts neviens gājiens.
help = Gājieni FIDE shēmā: Springer Felikss drei, Eva schlägt Dāvids fünf, Kurze Rochade. Labojums: labojums. Galdiņš: kur ir mana dāma, visas manas figūras, kas stāv uz Eva vier, horizontāle vier, vertikāle Eva, diagonāle Cēzars eins, pēdējais sitiens. Partija: kam gājiens, pēdējais gājiens, laiks, cik gājienu, kas ir mans pretinieks. Paziņojumi: piedāvāju neizšķirtu, pieņemu neizšķirtu, padodos, pieprasu neizšķirtu atkārtošanās dēļ Springer Gustavs eins. Tiesnesis, pauze, klusu.
analysis-refused = To teikt nedrīkstu: noteikumi aizliedz asistentam jebkādu analīzi. Es saku gājienus, gājienu skaitu, laiku un kas kur stāv.

# Atlikta partija
adjourned = Partija tiek atlikta. { color } ieraksta nākamo gājienu aploksnē.
sealed-by-you = Aploksnē ierakstītais gājiens pierakstīts: { $move }. Pulksteņi ir apturēti.
sealed = { color } ierakstīja gājienu aploksnē. Pulksteņi ir apturēti.
adjourned-sealed = Partija ir atlikta, gājiens ir ierakstīts aploksnē.

# Tiesnesis, pulkstenis, pieprasījumi
arbiter-informed = Tiesnesis ir informēts.
clock-pressed = Pulkstenis pārslēgts.
draw-offered = { color } piedāvā neizšķirtu.
draw-declined = { color } noraida neizšķirta piedāvājumu.
no-draw-offer = Neizšķirta piedāvājuma nav.
confirm-resign = Vai tiešām padoties? Lūdzu, sakiet jā vai nē.
confirm-accept-draw = Pieņemt neizšķirtu? Lūdzu, sakiet jā vai nē.
cancelled = Atcelts.
nothing-to-confirm = Nav nekā, ko apstiprināt.
claim-rejected = Pieprasījums noraidīts. Tas ir spēkā kā neizšķirta piedāvājums.
make-intended-move = Lūdzu, izdariet paredzēto gājienu: { $move }.
claim-needs-move = Pieprasījums: lūdzu, nosauciet paredzēto gājienu.
claim-right-lost = Pēc figūras aizskaršanas pieprasīt vairs nevar.
flag-not-fallen = Laiks nav beidzies.
arbiter-called = Tiek saukts tiesnesis.
arbiter-called-clocks-stopped = Tiek saukts tiesnesis. Pulksteņi ir apturēti.
flag-fell = { $color ->
    [white] Baltajiem
   *[black] Melnajiem
 } ir nokritis karodziņš.
time-added = { $color ->
    [white] Baltie
   *[black] Melnie
 } saņem { $time }.
illegal-move-penalty = { $color ->
    [white] Balto
   *[black] Melno
 } neiespējamais gājiens (numurs { $count }).
position-restored = Pozīcija pēc { $count }. pusgājiena ir atjaunota.
sighted-illegal = { $move }: neiespējams gājiens ({ $why }).
execute-on-board = Lūdzu, izdariet pretinieka gājienu uz sava galdiņa.
illegal-by-you = Neiespējams gājiens{ $shown }. Tiesnesis ir informēts.
illegal-by-opponent = Jūsu pretinieks izdarīja neiespējamu gājienu{ $shown }.
unpromoted-by-you = Neiespējams gājiens: bandinieks netika pārvērsts. To aizstāj ar dāmu. Tiesnesis ir informēts.
unpromoted-by-opponent = Pretinieks nepārvērta bandinieku. To aizstāj ar dāmu.

# Rezultāti
game-over = Partija beigusies: { $result ->
    [white-wins] uzvar baltie
    [black-wins] uzvar melnie
   *[draw] neizšķirts
 }, { termination }.
termination = { $termination ->
    [checkmate] mats
    [stalemate] pats
    [dead-position] pozīcija, kurā mats nav iespējams
    [fivefold-repetition] pozīcija atkārtojusies piecas reizes
    [seventy-five-moves] 75 gājienu noteikums
    [resignation] padošanās
    [agreement] vienošanās
    [threefold-claim] pieprasīts trīskāršs pozīcijas atkārtojums
    [fifty-moves-claim] pieprasīts 50 gājienu noteikums
    [flag-fall] laika pārsniegšana
    [illegal-moves] neiespējami gājieni
   *[other] tiesneša lēmums
 }

# Laiki un skaiti: cipari, ko latviešu balss nolasa latviski
hours = { $count } { $count ->
    [one] stunda
   *[other] stundas
 }
minutes = { $count } { $count ->
    [one] minūte
   *[other] minūtes
 }
seconds = { $count } { $count ->
    [one] sekunde
   *[other] sekundes
 }
moves = { $count } { $count ->
    [one] gājiens
   *[other] gājieni
 }

# Atbildes par galdiņu
where-is = { $name }: { $squares }
none-left = { $name } vairs nav
what-is-on = { $square }: { $what }
empty = tukšs
diagonal = No { $from } līdz { $to }: { $pieces }.

# Kāpēc teiktais nav gājiens ($what: file, rank, square, piece, number, nothing, other)
refusal-no-piece-can-reach = neviens { $name } nevar nokļūt uz { $square }
refusal-no-piece-on = uz { $square } nav { $name }
refusal-pinned = { $name } uz { $square } ir piesaistīts
refusal-nothing-on = uz { $square } nav jūsu figūras
refusal-king-in-check = karalis atrastos šahā
refusal-nothing-to-capture = uz { $square } nav ko sist
refusal-own-piece = uz { $square } atrodas jūsu figūra
refusal-cannot-castle = { $side ->
    [short] īsā rokāde nav iespējama
    [long] garā rokāde nav iespējama
   *[any] rokāde nav iespējama
 }
refusal-not-en-passant = tā nav ņemšana garāmejot
refusal-not-promotion = šis gājiens nav bandinieka pārvēršanās
refusal-bad-promotion = bandinieks nevar pārvērsties par { $name }
refusal-promotion-missing = nosauciet figūru, par kuru pārvēršas bandinieks
refusal-ambiguous = neviennozīmīgi: { $moves }
or = vai
heard-nothing = nekas nav sadzirdēts
heard-unknown-word = nezināms vārds { $word }
heard-unknown = nezināms vārds
heard-unexpected = nav saprasts pie { $word }, gaidīts: { expected }
heard-incomplete = nepilnīgi, gaidīts: { expected }
expected = { $what ->
    [file] vertikāle
    [rank] horizontāle
    [square] lauciņš
    [piece] figūra
    [number] skaitlis
    [nothing] nekas vairāk
   *[other] gājiens vai komanda
 }
clock-lost = Pulkstenis nav pievienots. Laiku skaita galds un tas nospiež pulksteni.
clock-back = Pulkstenis atkal ir pievienots.
lever-down-plain = Jūsu pulksteņa svira jau ir nospiesta. Pēc gājiena sakiet noliku: tas nospiež pulksteni.
lever-down-board = Jūsu pulksteņa svira jau ir nospiesta. Jūsu gājiens uz galdiņa nospiež pulksteni.
clock-away-plain = Pēc katra gājiena sakiet noliku: tas nospiež pulksteni.
clock-away-board = Jūsu gājiens uz galdiņa nospiež pulksteni.
placed-done = Novietots. Iet pretinieka laiks.
placed-press = Novietots. Lūdzu, nospiediet pulksteni.
start-waits = Partija sāksies, kad pretinieka galdiņš būs sakārtots.
help-plain = Bez sensoriem: paziņojiet gājienu, izdariet to uz sava galdiņa un nospiediet pulksteni. Nospiešana nozīmē: novietots un atlaists. Vai sakiet noliku.

# Treniņa partija pret programmu
opponent-away = Jūsu pretinieka nav; partija ir atlikta.
consult-waiting = Brīdi, es jautāju programmai.
practice-hint = Programma iesaka: { $move }.
practice-no-answer = Programmai uz to nav atbildes.
evaluation-better = Novērtējums: jūs stāvat labāk par { $pawns } bandiniekiem.
evaluation-worse = Novērtējums: jūs stāvat sliktāk par { $pawns } bandiniekiem.
evaluation-equal = Novērtējums: pozīcija ir līdzīga.
evaluation-mate-for = Novērtējums: jūs pieteiksiet matu { $count } gājienos.
evaluation-mate-against = Novērtējums: jums būs mats { $count } gājienos.
nothing-to-take-back = Nav jūsu gājiena, ko atsaukt.
taken-back = Atsaukts: { $count } pusgājieni. Jūsu gājiens; nolieciet savu galdiņu atpakaļ.
opponent-lost = Jūsu pretinieks ir izgājis no ierindas: { $reason } Pulksteņi ir apturēti. Partija ir saglabāta un turpināsies ar pretinieku.
opponent-failure = { $failure ->
    [not-started] Šaha programmu neizdevās palaist.
    [stopped] Šaha programma beidza darbu.
    [hung] Šaha programma neatbildēja { $seconds } { $seconds ->
        [one] sekundi
       *[other] sekundes
    }.
    [garbage] Šaha programma sniedz nesaprotamas atbildes.
    [illegal-move] Šaha programma nosauca neatļautu gājienu.
    [refused] Šaha programma noraidīja vienu no saviem iestatījumiem.
    [unreachable] Serveri neizdevās sasniegt.
   *[disconnected] Savienojums ar serveri pārtrūka.
 }
opponent-back = { $name } ir atpakaļ. Pulksteņi iet.

# Partijas pārskats (annabella review)
review-game = Partija { $white } pret { $black }, { review-result }, { $count } pusgājieni. Sakiet uz priekšu, atpakaļ, gājiens divpadsmit, sākums, beigas, pozīcija, gājieni vai palīdzība.
review-result = { $result ->
    [white-wins] uzvarēja baltie
    [black-wins] uzvarēja melnie
    [draw] neizšķirts
   *[unfinished] nav pabeigta
 }
review-move = Gājiens { $number }, { color }: { $move }.
review-start = Sākuma pozīcija.
review-at-start = Jūs esat partijas sākumā.
review-at-end = Tas bija partijas pēdējais gājiens.
review-at-end-unfinished = Tas bija pēdējais izdarītais gājiens; partija nav pabeigta, gājiens: { color }.
review-no-such-move = Partijā nav gājiena { $number }.
review-moves = Gājieni līdz šim: { $moves }.
review-no-moves = Vēl nav gājienu.
review-no-analysis = Šai partijai nav programmas novērtējuma.
review-best = Labākais gājiens bija { $move }.
review-mistake = Nākamā kļūda: { $played } Tā zaudē { $pawns } bandiniekus; labāk bija { $best }.
review-no-mistake = Vairāk kļūdu nav.
review-help = Sakiet: uz priekšu, atpakaļ, gājiens divpadsmit, sākums, beigas, pozīcija, gājieni; pēc treniņa partijas arī novērtējums, labākais, kļūda.
review-not-understood = Es nesapratu. Sakiet palīdzība.
review-mistake-plain = Nākamā kļūda: { $played } Tā zaudē { $pawns } bandiniekus.
review-games = Failā ir { $count } partijas; šī ir partija { $number }. Citu izvēlieties ar --game un tās numuru; --list-games tās uzskaita.
review-engine-missing = Šaha programma { $engine } nav atrasta. Instalējiet Stockfish (sudo apt install stockfish) vai norādiet citu UCI programmu ar --engine. Partija tiek pārskatīta bez novērtējuma.
review-engine-failed = Šaha programma { $engine } nenovērtēja partiju; tā neatbild kā UCI programma (sīkāk žurnālā). Partija tiek pārskatīta bez novērtējuma.
review-engine-no-chess960 = Šaha programma { $engine } neprot spēlēt Chess960 (tai nav iestatījuma UCI_Chess960), tāpēc tā nepareizi lasītu šīs partijas rokādes. Partija tiek pārskatīta bez novērtējuma.
review-list = Failā ir { $count } partijas.
review-list-entry = Partija { $number }: { $white } pret { $black }, { review-result }.
review-list-unreadable = Partiju { $number } nevar nolasīt: { $why }.

online-only = Tas ir iespējams tikai tiešsaistes partijā.
abort-asked = Partijas pārtraukšana ir nosūtīta serverim.
opponent-is-here = Jūsu pretinieks vēl ir partijā; uzvaru pieprasīt nevar.
victory-not-yet = Jūsu pretinieks ir prom, bet uzvaru vēl nevar pieprasīt. Lūdzu, uzgaidiet.
victory-claimed = Uzvara ir pieprasīta.
takeback-asked = Jūsu pretinieks lūdz atsaukt gājienu. Sakiet pieņemu vai noraidu.
takeback-accepted = Jūs piekrītat gājiena atsaukšanai.
takeback-declined = Jūs noraidāt gājiena atsaukšanu.
opponent-left = Jūsu pretinieks ir pametis partiju.
opponent-left-claim-in = Jūsu pretinieks ir pametis partiju. Pēc { $count } sekundēm varēsiet pieprasīt uzvaru.
opponent-left-claim-now = Jūsu pretinieks ir pametis partiju. Tagad varat pieprasīt uzvaru: sakiet pieprasu uzvaru.
victory-claimable = Jūsu pretinieks joprojām ir prom. Tagad varat pieprasīt uzvaru: sakiet pieprasu uzvaru.
opponent-returned = Jūsu pretinieks ir atgriezies partijā.
opponent-chat = Ziņa no { $user }: { $text }
online-refused = Serveris atteica: { $reason }
game-aborted = Partija ir pārtraukta. Tā beidzas bez rezultāta un netiks turpināta.
takeback-lapsed = Uz lūgumu atsaukt gājienu netika laikus atbildēts, tāpēc tas ir noraidīts.

# Stalo sakiniai lietuviškai (terminai kaip lietuviškose Šachmatų taisyklėse). Ėjimai ir
# laukeliai sakomi FIDE schema (Anna … Hektor, vokiški skaičiai ir figūrų pavadinimai);
# $color yra "white" arba "black", $role "king" … "pawn", $name figūros pavadinimas.

color = { $color ->
    [white] Baltieji
   *[black] Juodieji
 }
piece = { $color ->
    [white] { $role ->
        [queen] baltoji
       *[other] baltasis
     }
   *[black] { $role ->
        [queen] juodoji
       *[other] juodasis
     }
 } { $name }
piece-accusative = { $color ->
    [white] { $role ->
        [queen] baltąją
       *[other] baltąjį
     }
   *[black] { $role ->
        [queen] juodąją
       *[other] juodąjį
     }
 } { $name }
list-and = { $head } ir { $last }

# Partijos eiga
game-starts = Partija prasideda. Ėjimas { $color ->
    [white] baltųjų
   *[black] juodųjų
 }.
move-by = { color }: { $move }
take-off-captured-pawn = Nuimkite nukirstą { $pawn } nuo { $square }.
not-started = Partija dar neprasidėjo.
game-is-over = Partija baigta.
not-your-turn = Dabar ne jūsų ėjimas.
clocks-stopped = Laikrodžiai sustabdyti.
clocks-run-again = Laikrodžiai vėl eina.
say-move-again = Prašome pasakyti savo ėjimą.
already-made = Ėjimas jau padarytas.
released-touched = Ėjimas jau padarytas, figūra buvo paleista.
nothing-to-correct = Joks ėjimas nepaskelbtas.
not-announced = Ėjimas nepaskelbtas.
placed-not-announced = Pastatyta, bet nepaskelbta: { $move }?
placed-other = Paskelbta: { $said }. Pastatyta: { $placed }.
capture-not-removed = Nukirsta figūra { piece } ant { $square } dar nenuimta.
not-placed = Figūra { $name } dar nepastatyta ant { $square }.
touch-move = Paliesta figūra: { $name } ant { $square }. Ši figūra turi eiti.
touch-capture = Paliesta varžovo figūra: { $name } ant { $square }. Ją reikia kirsti.

# Lentos taisymas
fix-remove = Nuimkite figūrą nuo { $square }.
fix-remove-piece = Nuimkite { $piece } nuo { $square }.
fix-place = Pastatykite { $piece } ant { $square }.
fix-move = Perkelkite { $piece } nuo { $from } ant { $to }.
fix-replace = Ant { $square } pakeiskite { $found } į { $piece }.
fixes-more = Ir dar { $count } { LT_PLURAL($count) ->
    [one] skirtumas
    [few] skirtumai
   *[other] skirtumų
 }.
board-right = Pozicija lentoje teisinga.
sighted-board-wrong = Pozicija jūsų lentoje neteisinga.
opponent-board-fixing = Varžovo lentos pozicija taisoma.
opponent-board-right = Varžovo lentos pozicija vėl teisinga.

# Klausimai
time = Baltieji { $white }, juodieji { $black }.
moves-played = Sužaista: baltieji { $white }, juodieji { $black }.
moves-to-control = { $played } Iki laiko kontrolės liko { $left }.
whose-turn-you = Ėjimas { $color ->
    [white] baltųjų
   *[black] juodųjų
 }: jūsų.
whose-turn-opponent = Ėjimas { $color ->
    [white] baltųjų
   *[black] juodųjų
 }: varžovo.
opponent-name = Jūsų varžovas yra { $name }.
opponent-name-unknown = Varžovo vardas nežinomas.
opponent-touched = Jūsų varžovas buvo palietęs { $piece } ant { $square }.
no-capture-yet = Dar niekas nenukirsta.
no-moves-yet = Dar nepadarytas nė vienas ėjimas.
help = Ėjimai FIDE schema: Springer Felix drei, Eva schlägt David fünf, Kurze Rochade. Taisymas: taisymas. Lenta: kur yra mano valdovė, visos mano figūros, kas stovi ant Eva vier, horizontalė vier, vertikalė Eva, įstrižainė Cäsar eins, paskutinis kirtimas. Partija: kieno ėjimas, paskutinis ėjimas, laikas, kiek ėjimų, kas yra mano priešininkas. Pareiškimai: siūlau lygiąsias, lygiosios priimtos, pasiduodu, reikalauju lygiųjų dėl pasikartojimo Springer Gustav eins. Teisėjas, pauzė, tyla.
analysis-refused = To sakyti negaliu: taisyklės draudžia asistentui bet kokią analizę. Sakau ėjimus, ėjimų skaičių, laiką ir kas kur stovi.

# Atidėta partija
adjourned = Partija atidedama. { color } užrašo kitą ėjimą į voką.
sealed-by-you = Į voką užrašytas ėjimas įrašytas: { $move }. Laikrodžiai sustabdyti.
sealed = { color } užrašė ėjimą į voką. Laikrodžiai sustabdyti.
adjourned-sealed = Partija atidėta, ėjimas užrašytas į voką.

# Teisėjas, laikrodis, reikalavimai
arbiter-informed = Teisėjas informuotas.
clock-pressed = Laikrodis perjungtas.
draw-offered = { color } siūlo lygiąsias.
draw-declined = { color } atmeta lygiųjų pasiūlymą.
no-draw-offer = Lygiųjų pasiūlymo nėra.
confirm-resign = Ar tikrai pasiduodate? Prašome pasakyti taip arba ne.
confirm-accept-draw = Priimti lygiąsias? Prašome pasakyti taip arba ne.
cancelled = Atšaukta.
nothing-to-confirm = Nėra ko patvirtinti.
claim-rejected = Reikalavimas atmestas. Jis laikomas lygiųjų pasiūlymu.
make-intended-move = Prašome padaryti numatytą ėjimą: { $move }.
claim-needs-move = Reikalavimas: prašome pasakyti numatytą ėjimą.
claim-right-lost = Palietus figūrą, reikalauti lygiųjų nebegalima.
flag-not-fallen = Laikas nepasibaigė.
arbiter-called = Kviečiamas teisėjas.
arbiter-called-clocks-stopped = Kviečiamas teisėjas. Laikrodžiai sustabdyti.
flag-fell = { $color ->
    [white] Baltiesiems
   *[black] Juodiesiems
 } nukrito vėliavėlė.
time-added = { color } gauna { $time }.
illegal-move-penalty = Neleistinas { $color ->
    [white] baltųjų
   *[black] juodųjų
 } ėjimas (numeris { $count }).
position-restored = Pozicija po { $count } pusėjimio atkurta.
sighted-illegal = { $move }: neleistinas ėjimas ({ $why }).
execute-on-board = Prašome padaryti varžovo ėjimą savo lentoje.
illegal-by-you = Neleistinas ėjimas{ $shown }. Teisėjas informuotas.
illegal-by-opponent = Jūsų varžovas padarė neleistiną ėjimą{ $shown }.
unpromoted-by-you = Neleistinas ėjimas: pėstininkas nepaverstas. Jis pakeičiamas valdove. Teisėjas informuotas.
unpromoted-by-opponent = Varžovas nepavertė pėstininko. Jis pakeičiamas valdove.

# Rezultatai
game-over = Partija baigta: { $result ->
    [white-wins] laimi baltieji
    [black-wins] laimi juodieji
   *[draw] lygiosios
 }, { termination }.
termination = { $termination ->
    [checkmate] matas
    [stalemate] patas
    [dead-position] neišvengiamos lygiosios
    [fivefold-repetition] penkis kartus pasikartojusi pozicija
    [seventy-five-moves] 75 ėjimų taisyklė
    [resignation] pasidavimas
    [agreement] susitarimas
    [threefold-claim] pareikalauta dėl tris kartus pasikartojusios pozicijos
    [fifty-moves-claim] pareikalauta pagal 50 ėjimų taisyklę
    [flag-fall] pasibaigęs laikas
    [illegal-moves] neleistini ėjimai
   *[other] teisėjo sprendimas
 }

# Laikai ir kiekiai: skaitmenys, kuriuos lietuviškas balsas perskaito lietuviškai
hours = { $count } { LT_PLURAL($count) ->
    [one] valanda
    [few] valandos
   *[other] valandų
 }
minutes = { $count } { LT_PLURAL($count) ->
    [one] minutė
    [few] minutės
   *[other] minučių
 }
seconds = { $count } { LT_PLURAL($count) ->
    [one] sekundė
    [few] sekundės
   *[other] sekundžių
 }
moves = { $count } { LT_PLURAL($count) ->
    [one] ėjimas
    [few] ėjimai
   *[other] ėjimų
 }

# Atsakymai apie lentą
where-is = { $name }: { $squares }
none-left = { $name } nebeliko
what-is-on = { $square }: { $what }
empty = tuščia
diagonal = Nuo { $from } iki { $to }: { $pieces }.

# Kodėl pasakyta nėra ėjimas ($what: file, rank, square, piece, number, nothing, other)
refusal-no-piece-can-reach = joks { $name } negali pasiekti { $square }
refusal-no-piece-on = ant { $square } nėra { $name }
refusal-pinned = { $name } ant { $square } yra surištas
refusal-nothing-on = ant { $square } nėra jūsų figūros
refusal-king-in-check = karaliui būtų šachas
refusal-nothing-to-capture = ant { $square } nėra ką kirsti
refusal-own-piece = ant { $square } stovi jūsų figūra
refusal-cannot-castle = { $side ->
    [short] trumpoji rokiruotė negalima
    [long] ilgoji rokiruotė negalima
   *[any] rokiruotė negalima
 }
refusal-not-en-passant = tai nėra kirtimas prasilenkiant
refusal-not-promotion = šis ėjimas nėra pėstininko pavertimas
refusal-bad-promotion = pėstininkas negali virsti { $name }
refusal-promotion-missing = pasakykite, kuo virsta pėstininkas
refusal-ambiguous = dviprasmiška: { $moves }
or = ar
heard-nothing = nieko neišgirsta
heard-unknown-word = nežinomas žodis { $word }
heard-unknown = nežinomas žodis
heard-unexpected = nesuprasta ties { $word }, laukta: { expected }
heard-incomplete = nebaigta, laukta: { expected }
expected = { $what ->
    [file] vertikalė
    [rank] horizontalė
    [square] laukelis
    [piece] figūra
    [number] skaičius
    [nothing] nieko daugiau
   *[other] ėjimas arba komanda
 }
clock-lost = Laikrodis neprijungtas. Laiką skaičiuoja stalas ir jis paspaudžia laikrodį.
clock-back = Laikrodis vėl prijungtas.
lever-down-plain = Jūsų laikrodžio svirtis jau nuspausta. Po ėjimo sakykite padėjau: tai paspaudžia laikrodį.
lever-down-board = Jūsų laikrodžio svirtis jau nuspausta. Jūsų ėjimas lentoje paspaudžia laikrodį.
clock-away-plain = Po kiekvieno ėjimo sakykite padėjau: tai paspaudžia laikrodį.
clock-away-board = Jūsų ėjimas lentoje paspaudžia laikrodį.
placed-done = Padėta. Eina varžovo laikas.
placed-press = Padėta. Prašom paspausti laikrodį.
start-waits = Partija prasidės, kai varžovo lenta bus sustatyta.
help-plain = Be jutiklių: paskelbkite ėjimą, padarykite jį savo lentoje ir paspauskite laikrodį. Paspaudimas reiškia: padėta ir paleista. Arba sakykite padėjau.

# Treniruočių partija su programa
opponent-away = Jūsų varžovo nėra; partija atidėta.
consult-waiting = Akimirką, klausiu programos.
practice-hint = Programa siūlo: { $move }.
practice-no-answer = Programa į tai neatsako.
evaluation-better = Įvertinimas: jūs stovite geriau { $pawns } pėstininko.
evaluation-worse = Įvertinimas: jūs stovite blogiau { $pawns } pėstininko.
evaluation-equal = Įvertinimas: pozicija lygi.
evaluation-mate-for = Įvertinimas: jūs matuojate per { $count } ėjimus.
evaluation-mate-against = Įvertinimas: jums matas per { $count } ėjimus.
nothing-to-take-back = Nėra jūsų ėjimo, kurį būtų galima atšaukti.
taken-back = Atšaukta: { $count } pusėjimiai. Jūsų ėjimas; atstatykite savo lentą.
opponent-lost = Jūsų varžovas sutriko: { $reason } Laikrodžiai sustabdyti. Partija išsaugota ir bus tęsiama su varžovu.
opponent-failure = { $failure ->
    [not-started] Šachmatų programos nepavyko paleisti.
    [stopped] Šachmatų programa išsijungė.
    [hung] Šachmatų programa neatsakė { $seconds } { $seconds ->
        [one] sekundę
        [few] sekundes
       *[other] sekundžių
    }.
    [garbage] Šachmatų programa pateikia nesuprantamus atsakymus.
    [illegal-move] Šachmatų programa nurodė neleistiną ėjimą.
    [refused] Šachmatų programa atmetė vieną iš savo nustatymų.
    [unreachable] Nepavyko pasiekti serverio.
   *[disconnected] Ryšys su serveriu nutrūko.
 }
opponent-back = { $name } vėl čia. Laikrodžiai eina.

# Partijos peržiūra (annabella review)
review-game = Partija { $white } prieš { $black }, { review-result }, { $count } pusėjimiai. Sakykite pirmyn, atgal, ėjimas dvylika, pradžia, pabaiga, pozicija, ėjimai arba pagalba.
review-result = { $result ->
    [white-wins] laimėjo baltieji
    [black-wins] laimėjo juodieji
    [draw] lygiosios
   *[unfinished] nebaigta
 }
review-move = Ėjimas { $number }, { color }: { $move }.
review-start = Pradinė pozicija.
review-at-start = Jūs partijos pradžioje.
review-at-end = Tai buvo paskutinis partijos ėjimas.
review-at-end-unfinished = Tai buvo paskutinis atliktas ėjimas; partija nebaigta, { color } eina.
review-no-such-move = Partijoje nėra ėjimo { $number }.
review-moves = Ėjimai iki čia: { $moves }.
review-no-moves = Dar nėra ėjimų.
review-no-analysis = Šios partijos programos įvertinimo nėra.
review-best = Geriausias ėjimas buvo { $move }.
review-mistake = Kita klaida: { $played } Ji praranda { $pawns } pėstininko; geriau buvo { $best }.
review-no-mistake = Daugiau klaidų nėra.
review-help = Sakykite: pirmyn, atgal, ėjimas dvylika, pradžia, pabaiga, pozicija, ėjimai; po treniruočių partijos ir įvertinimas, geriausias, klaida.
review-not-understood = Nesupratau. Sakykite pagalba.
review-mistake-plain = Kita klaida: { $played } Ji praranda { $pawns } pėstininko.
review-games = Faile yra { $count } partijos; tai partija { $number }. Kitą pasirinkite su --game ir jos numeriu; --list-games jas išvardija.
review-engine-missing = Šachmatų programa { $engine } nerasta. Įdiekite Stockfish (sudo apt install stockfish) arba nurodykite kitą UCI programą su --engine. Partija peržiūrima be įvertinimo.
review-engine-failed = Šachmatų programa { $engine } neįvertino partijos; ji neatsako kaip UCI programa (išsamiau žurnale). Partija peržiūrima be įvertinimo.
review-engine-no-chess960 = Šachmatų programa { $engine } nemoka žaisti Chess960 (ji neturi nustatymo UCI_Chess960), todėl klaidingai suprastų šios partijos rokiruotes. Partija peržiūrima be įvertinimo.
review-list = Faile yra { $count } partijos.
review-list-entry = Partija { $number }: { $white } prieš { $black }, { review-result }.
review-list-unreadable = Partijos { $number } neįmanoma perskaityti: { $why }.

online-only = Tai galima tik internetinėje partijoje.
abort-asked = Partijos nutraukimas išsiųstas serveriui.
opponent-is-here = Jūsų varžovas dar partijoje; pergalės reikalauti negalima.
victory-not-yet = Jūsų varžovas išėjo, bet pergalės reikalauti dar negalima. Prašome palaukti.
victory-claimed = Pergalės pareikalauta.
takeback-asked = Jūsų varžovas prašo atšaukti ėjimą. Sakykite priimu arba atmetu.
takeback-accepted = Jūs sutinkate atšaukti ėjimą.
takeback-declined = Jūs nesutinkate atšaukti ėjimo.
opponent-left = Jūsų varžovas paliko partiją.
opponent-left-claim-in = Jūsų varžovas paliko partiją. Po { $count } sekundžių galėsite reikalauti pergalės.
opponent-left-claim-now = Jūsų varžovas paliko partiją. Dabar galite reikalauti pergalės: sakykite reikalauju pergalės.
victory-claimable = Jūsų varžovo vis dar nėra. Dabar galite reikalauti pergalės: sakykite reikalauju pergalės.
opponent-returned = Jūsų varžovas grįžo į partiją.
opponent-chat = Žinutė nuo { $user }: { $text }
online-refused = Serveris atsisakė: { $reason }
game-aborted = Partija nutraukta. Ji baigiasi be rezultato ir nebus tęsiama.
takeback-lapsed = Į prašymą atšaukti ėjimą laiku neatsakyta, todėl jis atmestas.

# Az asztal mondatai magyarul (a szakszavak a magyar sakkjáték-szabályzat szerint). A
# lépések és mezők a FIDE-séma szavaival érkeznek (Anna … Hektor, német számok és
# bábunevek); $color "white" vagy "black", $role "king" … "pawn", $name a báb neve.

color = { $color ->
    [white] Világos
   *[black] Sötét
 }
piece = { $color ->
    [white] világos
   *[black] sötét
 } { $name }
# A FIDE-séma német bábuneveinek tárgyesete.
piece-accusative = a { $color ->
    [white] világos
   *[black] sötét
 } { $role ->
    [king] Königet
    [queen] Damét
    [rook] Turmot
    [bishop] Läufert
    [knight] Springert
   *[pawn] Bauert
 }
list-and = { $head } és { $last }

# A játszma menete
game-starts = A játszma kezdődik. { color } lép.
move-by = { color }: { $move }
take-off-captured-pawn = Vegye le a leütött { $pawn }t a { $square } mezőről.
not-started = A játszma még nem kezdődött el.
game-is-over = A játszma véget ért.
not-your-turn = Nem Ön következik.
clocks-stopped = Az órák meg vannak állítva.
clocks-run-again = Az órák újra járnak.
say-move-again = Kérem, mondja be a lépését.
already-made = A lépés már megtörtént.
released-touched = A lépés már megtörtént, a bábut elengedte.
nothing-to-correct = Nincs bemondott lépés.
not-announced = A lépés nincs bemondva.
placed-not-announced = Letéve, de nincs bemondva: { $move }?
placed-other = Bemondva: { $said }. Letéve: { $placed }.
capture-not-removed = A leütött { piece } a { $square } mezőn még nincs levéve.
not-placed = A { $name } még nincs letéve a { $square } mezőre.
touch-move = Megérintve: { $name } a { $square } mezőn. Ezzel a bábbal kell lépni.
touch-capture = Megérintve az ellenfél bábja: { $name } a { $square } mezőn. Le kell ütni.

# A tábla helyreállítása
fix-remove = Vegye le a bábut a { $square } mezőről.
fix-remove-piece = Vegye le { $piece } a { $square } mezőről.
fix-place = Tegye { $piece } a { $square } mezőre.
fix-move = Tegye { $piece } a { $from } mezőről a { $to } mezőre.
fix-replace = A { $square } mezőn cserélje { $found } erre: { $piece }.
fixes-more = És még { $count } eltérés.
board-right = A tábla rendben van.
sighted-board-wrong = Az Ön tábláján hibás az állás.
opponent-board-fixing = Az ellenfél tábláján helyreállítják az állást.
opponent-board-right = Az ellenfél tábláján újra helyes az állás.

# Kérdések
time = Világos { $white }, sötét { $black }.
moves-played = Megtett lépések: világos { $white }, sötét { $black }.
moves-to-control = { $played } Az időellenőrzésig még { $left }.
whose-turn-you = { color } lép: Ön.
whose-turn-opponent = { color } lép: az ellenfele.
opponent-name = Az ellenfele { $name }.
opponent-name-unknown = Az ellenfél neve nem ismert.
opponent-touched = Az ellenfele megérintette { $piece } a { $square } mezőn.
no-capture-yet = Még nem volt ütés.
no-moves-yet = Még nem volt lépés.
help = Lépések a FIDE-séma szerint: Springer Felix drei, Eva schlägt David fünf, Kurze Rochade. Javítás: javítás. Tábla: hol van a vezérem, hol vannak a saját bábuim, mi van az Eva vier mezőn, vízszintes vier, függőleges Eva, átló Cäsar eins, utolsó ütés. Játszma: ki lép, utolsó lépés, idő, hány lépés, az ellenfél neve. Bejelentések: döntetlent ajánlok, döntetlent elfogadom, feladom, igénylem a döntetlent lépésismétlés miatt Springer Gustav eins. Bíró, szünet, csend.
analysis-refused = Ezt nem mondhatom meg: a szabályok tiltják a segítőnek az elemzést. A lépéseket, a lépések számát, az időt és azt mondom, mi hol áll.

# Függőjátszma
adjourned = A játszma függőben marad. { color } borítékolja a következő lépését.
sealed-by-you = A borítékolt lépés feljegyezve: { $move }. Az órák meg vannak állítva.
sealed = { color } borítékolta a lépését. Az órák meg vannak állítva.
adjourned-sealed = A játszma függőben van, a lépés borítékolva.

# Versenybíró, óra, reklamációk
arbiter-informed = A versenybíró értesítve.
clock-pressed = Óra megnyomva.
draw-offered = { color } döntetlent ajánl.
draw-declined = { color } elutasítja a döntetlent.
no-draw-offer = Nincs döntetlenajánlat.
confirm-resign = Valóban feladja? Kérem, mondja: igen vagy nem.
confirm-accept-draw = Elfogadja a döntetlent? Kérem, mondja: igen vagy nem.
cancelled = Visszavonva.
nothing-to-confirm = Nincs mit megerősíteni.
claim-rejected = A reklamációt elutasították. Döntetlenajánlatnak számít.
make-intended-move = Kérem, tegye meg a szándékolt lépést: { $move }.
claim-needs-move = Reklamáció: kérem, mondja be a szándékolt lépést.
claim-right-lost = Báb megérintése után már nem reklamálhat.
flag-not-fallen = Az idő nem járt le.
arbiter-called = A versenybírót hívják.
arbiter-called-clocks-stopped = A versenybírót hívják. Az órák meg vannak állítva.
flag-fell = { $color ->
    [white] Világos
   *[black] Sötét
 } zászlója leesett.
time-added = { color } { $time } többletidőt kap.
illegal-move-penalty = { color } szabálytalan lépése ({ $count }. számú).
position-restored = A { $count }. féllépés utáni állás helyreállítva.
sighted-illegal = { $move }: szabálytalan lépés ({ $why }).
execute-on-board = Kérem, tegye meg az ellenfél lépését a saját tábláján.
illegal-by-you = Szabálytalan lépés{ $shown }. A versenybíró értesítve.
illegal-by-opponent = Az ellenfele szabálytalan lépést tett{ $shown }.
unpromoted-by-you = Szabálytalan lépés: a gyalog nem változott át. Vezérre cseréljük. A versenybíró értesítve.
unpromoted-by-opponent = Az ellenfele nem változtatta át a gyalogot. Vezérre cseréljük.

# Eredmények
game-over = A játszma véget ért: { $result ->
    [white-wins] világos nyert
    [black-wins] sötét nyert
   *[draw] döntetlen
 }, { termination }.
termination = { $termination ->
    [checkmate] matt
    [stalemate] patt
    [dead-position] holt állás
    [fivefold-repetition] ötszörös állásismétlés
    [seventy-five-moves] 75 lépéses szabály
    [resignation] feladás
    [agreement] megegyezés
    [threefold-claim] háromszoros állásismétlés reklamálva
    [fifty-moves-claim] 50 lépéses szabály reklamálva
    [flag-fall] zászlóleesés
    [illegal-moves] szabálytalan lépések
   *[other] versenybírói döntés
 }

# Idők és számok: számjegyek, amelyeket a magyar hang magyarul mond
hours = { $count } óra
minutes = { $count } perc
seconds = { $count } másodperc
moves = { $count } lépés

# Válaszok a tábláról
where-is = { $name }: { $squares }
none-left = { $name } már nincs
what-is-on = { $square }: { $what }
empty = üres
diagonal = { $from } és { $to } között: { $pieces }.

# Miért nem lépés, amit mondott ($what: file, rank, square, piece, number, nothing, other)
refusal-no-piece-can-reach = egyik { $name } sem juthat a { $square } mezőre
refusal-no-piece-on = a { $square } mezőn nincs { $name }
refusal-pinned = a { $square } mezőn álló { $name } kötésben van
refusal-nothing-on = a { $square } mezőn nincs saját báb
refusal-king-in-check = a király sakkban állna
refusal-nothing-to-capture = a { $square } mezőn nincs mit ütni
refusal-own-piece = a { $square } mezőn saját báb áll
refusal-cannot-castle = { $side ->
    [short] a rövid sánc nem lehetséges
    [long] a hosszú sánc nem lehetséges
   *[any] a sánc nem lehetséges
 }
refusal-not-en-passant = ez nem menet közbeni ütés
refusal-not-promotion = ez a lépés nem átváltozás
refusal-bad-promotion = a gyalog nem változhat át { $name } bábbá
refusal-promotion-missing = mondja meg, mivé változik a gyalog
refusal-ambiguous = nem egyértelmű: { $moves }
or = vagy
heard-nothing = semmit sem hallottam
heard-unknown-word = ismeretlen szó: { $word }
heard-unknown = ismeretlen szó
heard-unexpected = nem értettem ennél: { $word }, várt: { expected }
heard-incomplete = hiányos, várt: { expected }
expected = { $what ->
    [file] vonal
    [rank] sor
    [square] mező
    [piece] báb
    [number] szám
    [nothing] semmi több
   *[other] lépés vagy parancs
 }
clock-lost = Az óra nincs csatlakoztatva. Az időt az asztal méri, és ő nyomja meg az órát.
clock-back = Az óra újra csatlakozik.
lever-down-plain = Az óra karja az Ön oldalán már lent van. A lépés után mondja: letettem, ez megnyomja az órát.
lever-down-board = Az óra karja az Ön oldalán már lent van. A lépése a táblán megnyomja az órát.
clock-away-plain = Minden lépés után mondja: letettem, ez megnyomja az órát.
clock-away-board = A lépése a táblán megnyomja az órát.
placed-done = Letéve. Az ellenfél órája jár.
placed-press = Letéve. Kérem, nyomja meg az órát.
start-waits = A játszma akkor kezdődik, amikor az ellenfél táblája fel van állítva.
help-plain = Érzékelők nélkül: mondja be a lépést, tegye meg a saját tábláján, majd nyomja meg az órát. A nyomás jelentése: letéve és elengedve. Vagy mondja: letettem.

# Gyakorló játszma program ellen
opponent-away = Az ellenfele nincs itt; a játszma függőben van.
consult-waiting = Egy pillanat, megkérdezem a programot.
practice-hint = A program javaslata: { $move }.
practice-no-answer = A programnak erre nincs válasza.
evaluation-better = Értékelés: ön { $pawns } gyaloggal jobban áll.
evaluation-worse = Értékelés: ön { $pawns } gyaloggal rosszabbul áll.
evaluation-equal = Értékelés: az állás kiegyenlített.
evaluation-mate-for = Értékelés: ön { $count } lépésben mattot ad.
evaluation-mate-against = Értékelés: önt { $count } lépésben mattolják.
nothing-to-take-back = Nincs visszavehető lépése.
taken-back = Visszavéve: { $count } féllépés. Ön lép; állítsa vissza a tábláját.
opponent-lost = Az ellenfele kiesett: { $reason } Az órák állnak. A játszma mentve van, és egy ellenféllel folytatódik.
opponent-failure = { $failure ->
    [not-started] A sakkprogram nem indítható.
    [stopped] A sakkprogram leállt.
    [hung] A sakkprogram { $seconds } másodpercig nem válaszolt.
    [garbage] A sakkprogram értelmetlen válaszokat ad.
    [illegal-move] A sakkprogram szabálytalan lépést adott.
    [refused] A sakkprogram elutasította az egyik beállítását.
    [unreachable] A szerver nem érhető el.
   *[disconnected] A kapcsolat a szerverrel megszakadt.
 }
opponent-back = { $name } újra itt van. Az órák járnak.

# Játszma visszajátszása (annabella review)
review-game = Játszma: { $white } – { $black }, { review-result }, { $count } féllépés. Mondja: előre, vissza, lépés tizenkettő, kezdet, vége, állás, lépések vagy segítség.
review-result = { $result ->
    [white-wins] világos nyert
    [black-wins] sötét nyert
    [draw] döntetlen
   *[unfinished] nem fejeződött be
 }
review-move = { $number }. lépés, { color }: { $move }.
review-start = A kiinduló állás.
review-at-start = A játszma elején van.
review-at-end = Ez volt a játszma utolsó lépése.
review-at-end-unfinished = Ez volt az utolsó megtett lépés; a játszma nem fejeződött be, { color } következik.
review-no-such-move = A játszmában nincs { $number }. lépés.
review-moves = Az eddigi lépések: { $moves }.
review-no-moves = Még nincs lépés.
review-no-analysis = Ehhez a játszmához nincs programértékelés.
review-best = A legjobb lépés { $move } lett volna.
review-mistake = A következő hiba: { $played } { $pawns } gyalogot veszít; jobb lett volna { $best }.
review-no-mistake = Nincs több hiba.
review-help = Mondja: előre, vissza, lépés tizenkettő, kezdet, vége, állás, lépések; gyakorló játszma után értékelés, legjobb, hiba is.
review-not-understood = Nem értettem. Mondja: segítség.
review-mistake-plain = A következő hiba: { $played } { $pawns } gyalogot veszít.
review-games = A fájlban { $count } játszma van; ez a(z) { $number }. játszma. Másikat a --game kapcsolóval és a számával választhat; a --list-games felsorolja őket.
review-engine-missing = A(z) { $engine } sakkprogram nem található. Telepítse a Stockfish programot (sudo apt install stockfish), vagy adjon meg egy másik UCI programot a --engine kapcsolóval. A játszma értékelés nélkül kerül visszajátszásra.
review-engine-failed = A(z) { $engine } sakkprogram nem értékelte a játszmát; nem úgy válaszol, mint egy UCI program (részletek a naplóban). A játszma értékelés nélkül kerül visszajátszásra.
review-engine-no-chess960 = A(z) { $engine } sakkprogram nem tud Chess960-at játszani (nincs UCI_Chess960 beállítása), ezért hibásan olvasná a játszma sáncolásait. A játszma értékelés nélkül kerül visszajátszásra.
review-list = A fájlban { $count } játszma van.
review-list-entry = { $number }. játszma: { $white } – { $black }, { review-result }.
review-list-unreadable = A(z) { $number }. játszma nem olvasható: { $why }.

online-only = Ez csak online játszmában lehetséges.
abort-asked = A játszma megszakítását elküldtük a szervernek.
opponent-is-here = Az ellenfele még a játszmában van; a győzelem nem igényelhető.
victory-not-yet = Az ellenfele elment, de a győzelem még nem igényelhető. Kérem, várjon.
victory-claimed = A győzelmet igényelte.
takeback-asked = Az ellenfele egy lépés visszavételét kéri. Mondja: elfogadom vagy elutasítom.
takeback-accepted = Elfogadja a lépés visszavételét.
takeback-declined = Elutasítja a lépés visszavételét.
opponent-left = Az ellenfele elhagyta a játszmát.
opponent-left-claim-in = Az ellenfele elhagyta a játszmát. { $count } másodperc múlva igényelheti a győzelmet.
opponent-left-claim-now = Az ellenfele elhagyta a játszmát. Most igényelheti a győzelmet: mondja, igénylem a győzelmet.
victory-claimable = Az ellenfele még mindig nincs itt. Most igényelheti a győzelmet: mondja, igénylem a győzelmet.
opponent-returned = Az ellenfele visszatért a játszmába.
opponent-chat = { $user } üzenete: { $text }
online-refused = A szerver elutasította: { $reason }
game-aborted = A játszma megszakadt. Eredmény nélkül ér véget, és nem folytatódik.
takeback-lapsed = A lépés visszavételére vonatkozó kérésre nem érkezett időben válasz, ezért elutasítva.
